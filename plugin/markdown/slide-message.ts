// A problem found in a slide's Markdown, at its line: what every transform of the pipeline reports (a build warns with it).
export interface SlideMessage {
  /** 1-based line inside the slide's content. */
  line?: number
  message: string
}
