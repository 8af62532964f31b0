// Types of ensure-browser.mjs for the TypeScript tests.
export const CANDIDATES: string[]
export const INSTALL_HINT: string
export const CHROMIUM_ARGS: string[]
export class BrowserNotFoundError extends Error {}
export function findChromium(options?: { executablePath?: string; env?: Record<string, string | undefined>; candidates?: string[] }): string
