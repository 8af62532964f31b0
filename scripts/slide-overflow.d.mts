export declare function slideOverflow(no: number): string[]
