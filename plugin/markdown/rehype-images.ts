// interim stub until the real transform lands
export default function plugin(_options?: unknown) { return () => {} }
