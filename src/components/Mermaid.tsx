// interim stub
export default function Mermaid({ code }: { code: string; options?: string }) { return <pre>{code}</pre> }
