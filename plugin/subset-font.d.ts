// Types for subset-font (it ships none): text in, a font file holding just those glyphs out.
declare module 'subset-font' {
  export default function subsetFont(font: Buffer, text: string, options?: { targetFormat?: 'sfnt' | 'woff' | 'woff2'; preserveNameIds?: number[] }): Promise<Buffer>
}
