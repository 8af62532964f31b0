// Types of static-server.mjs for the TypeScript tests.
export function fileFor(root: string, urlPath: string): string | null
export function serveStatic(dir: string): Promise<{ origin: string; close: () => Promise<void> }>
