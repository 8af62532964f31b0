// Types of postbuild.mjs for the TypeScript tests.
export function downloadTarget(config: { download: boolean | string; exportFilename: string }, dist: string): string | null
