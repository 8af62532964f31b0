export declare const root: string
export declare function buildDeck(entry: string, outDir: string, options?: { quiet?: boolean; env?: Record<string, string> }): string
