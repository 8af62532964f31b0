export declare function slideOverflow(no: number): string[]
export type TextKind = 'body' | 'table' | 'footnote' | 'code' | 'diagram'
export declare function slideMeasure(no: number): { min: Record<TextKind, number | null>; where: Partial<Record<TextKind, string>>; heightShare: number } | null
