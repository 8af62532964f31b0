// Types of progress.mjs for the TypeScript modules beside it.
export function createProgress(stream: NodeJS.WritableStream | null): { update: (text: string) => void; line: (text: string) => void; done: () => void }
