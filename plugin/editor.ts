// interim stub until the real editor endpoint lands
export function createEditorMiddleware(_o: unknown) { return (_req: unknown, _res: unknown, next: () => void) => next() }
