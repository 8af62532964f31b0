// Types of build.mjs for the TypeScript tests.
export function newestTime(path: string): number
export function writeBuildStamp(root: string, dist: string, entry: string): void
export function buildReason(root: string, entry: string, dist: string): string | null
export function addStaticHostFiles(dist: string): void
export function buildDeck(root: string, entry: string, dist: string): void
