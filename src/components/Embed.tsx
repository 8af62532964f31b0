// interim stub
export default function Embed({ url }: { url: string; title: string; fallback?: string }) { return <iframe src={url} title={url} /> }
