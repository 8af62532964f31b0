// The deck as the plugin knows it: parsed from its file, checked, each slide analysed; the last good deck kept.
import { relative } from 'node:path'
import type { Logger, ResolvedConfig } from 'vite'
import { parseDeck, type Deck, type DeckError, type Slide } from '../parser.ts'
import type { AnalyzedSlide, SlideMessage } from '../markdown/pipeline.ts'
import { deckEntry, formatDeckErrors, readDeckFile } from './entry.ts'
import { checkThemeAndLayouts } from './theme-check.ts'
import { createSlideAnalyzer } from './analysis.ts'
import { findDeckComponents, type DeckComponents } from './components.ts'
import type { NotesFrom } from '../../shared/server-files.ts'

export interface SlideState {
  slide: Slide
  analyzed: AnalyzedSlide
  noteHtml: string
}

/** Blank lines between where a slide's content starts and its first text: the parser trims them off the content. */
function blankLinesBefore(slide: Slide): number {
  const lines = slide.raw.split('\n').slice(slide.contentStart - slide.start)
  const first = lines.findIndex((l) => l.trim() !== '')
  return first < 0 ? 0 : first
}

export class DeckState {
  root = process.cwd()
  entry = deckEntry(this.root)
  isBuild = false
  baseUrl = '/'
  /** The last deck that parsed without errors (null before the first). */
  deck: Deck | null = null
  states: SlideState[] = []
  errors: DeckError[] = []
  /** The deck's own components (components/ beside the deck file), found again at every load. */
  components: DeckComponents = { dir: '', byTag: {}, warnings: [] }
  /** Each deck file's text as the last load read it (undefined: there was no such file). */
  private loadedText = new Map<string, string | undefined>()
  /** Called after each load (dev: the deck's watcher follows the files the deck now reads). */
  afterLoad: () => void = () => {}
  private analyzer = createSlideAnalyzer(() => this)

  configure(config: ResolvedConfig): void {
    this.root = config.root
    this.entry = deckEntry(this.root)
    this.isBuild = config.command === 'build'
    this.baseUrl = config.base
  }

  readFile = (path: string): string | undefined => readDeckFile(path, this.root)

  /** Whether the file on disk no longer holds the text the last load read from it. */
  changedSinceLoad(path: string): boolean {
    try {
      return this.readFile(path) !== this.loadedText.get(path)
    } catch {
      return true
    }
  }

  /** Parses the deck; returns the errors and keeps the last good deck when there are any. */
  load(): DeckError[] {
    const errors = this.parseAndAnalyse()
    this.afterLoad()
    return errors
  }

  /**
   * Where the runtime takes the notes from: 'server' for a build of a deck with a presenter password (the notes and
   * the password stay out of the bundle; `npm run serve` hands the notes to presenters), else 'bundle' (each slide's
   * module carries its note, as in dev).
   */
  get notesFrom(): NotesFrom {
    return this.isBuild && this.deck?.config.remote ? 'server' : 'bundle'
  }

  private parseAndAnalyse(): DeckError[] {
    const { entry, root } = this
    const read = (path: string) => {
      const text = this.readFile(path)
      this.loadedText.set(path, text)
      return text
    }
    let source: string | undefined
    try {
      source = read(entry)
    } catch (error) {
      this.loadedText.delete(entry)
      return [{ line: 1, message: (error as Error).message, file: entry }]
    }
    if (source === undefined) return [{ line: 1, message: `Deck file not found: ${entry}. Create slides.md or set SLIDES_ENTRY.`, file: entry }]
    const next = parseDeck(source, { filepath: entry, root, readFile: read })
    const checked = checkThemeAndLayouts(next, root, entry)
    next.errors.push(...checked.errors)
    next.warnings.push(...checked.warnings)
    // An emptied file (an editor's truncate before its write) keeps the last good deck like any other error.
    if (!source.trim()) next.errors.push({ line: 1, message: 'The deck file is empty.', file: entry })
    else if (!next.slides.length) next.errors.push({ line: 1, message: 'The deck has no slides.', file: entry })
    if (next.errors.length && this.deck) return next.errors
    // The one-file HTML export: hash routes (no server to answer /N), drawings never kept (spec: "drawing, not kept").
    this.components = findDeckComponents(entry)
    next.warnings.push(...this.components.warnings.map((message) => ({ line: 1, message, file: this.components.dir })))
    if (process.env.DECK_SINGLE_FILE) next.config = { ...next.config, routerMode: 'hash', drawings: { ...next.config.drawings, persist: false } }
    this.deck = next
    this.states = next.slides.map((slide) => ({ slide, analyzed: this.analyzer.analyze(slide, next), noteHtml: this.analyzer.noteHtml(slide.note) }))
    return next.errors
  }

  /** Loads the deck if it was never loaded; fails with the errors when there is still none. */
  ensure(): Deck {
    if (!this.deck) this.errors = this.load()
    if (!this.deck) throw new Error(formatDeckErrors(this.errors, this.root))
    return this.deck
  }

  /** A warning about a slide, naming the slide and its line in the deck file. */
  warningOf(state: SlideState, m: Pick<SlideMessage, 'line' | 'message'>): string {
    const line = m.line ? state.slide.contentStart + blankLinesBefore(state.slide) + m.line : state.slide.start + 1
    return `slide ${state.slide.no} (${relative(this.root, state.slide.filepath ?? this.entry)}:${line}): ${m.message}`
  }

  warnings(state: SlideState): string[] {
    return state.analyzed.messages.map((m) => this.warningOf(state, m))
  }

  /** The slide's warnings about broken diagrams, once mermaid (in its worker) has judged them. */
  async diagramWarnings(state: SlideState): Promise<string[]> {
    return (await state.analyzed.later).map((m) => this.warningOf(state, m))
  }

  /** Dev: logs the slides' diagram warnings as mermaid's verdicts come, holding up neither the start nor an update. */
  logDiagramWarnings(states: SlideState[], logger: Logger): void {
    for (const slide of states) void this.diagramWarnings(slide).then((found) => found.forEach((w) => logger.warn(`[deck] ${w}`, { timestamp: true })))
  }

  /** The deck's warnings as the dev overlay shows them (paths relative to the project). */
  shownWarnings(): DeckError[] {
    return (this.deck?.warnings ?? []).map((e) => ({ ...e, file: e.file ? relative(this.root, e.file) : undefined }))
  }

  /** Errors as the dev overlay shows them (paths relative to the project). */
  shownErrors(errors: DeckError[]): DeckError[] {
    return errors.map((e) => ({ ...e, file: e.file ? relative(this.root, e.file) : undefined }))
  }

  /** The deck file and every file its slides come from (`src:` imports). */
  files(): Set<string> {
    return new Set([this.entry, ...this.states.map((s) => s.slide.filepath ?? this.entry)])
  }
}
