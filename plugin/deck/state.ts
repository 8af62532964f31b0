// The deck as the engine knows it, one per dev server, build or export: parsed from its file once per change of its
// files, checked, each slide analysed; the last good deck kept. Every plugin of deck() and the export read this.
import { statSync } from 'node:fs'
import { join, relative } from 'node:path'
import type { Logger, ResolvedConfig } from 'vite'
import { parseDeck, type Deck, type DeckError, type Slide } from '../../shared/parser/parse.ts'
import type { AnalyzedSlide, SlideMessage } from '../markdown/pipeline.ts'
import type { Root } from 'hast'
import { formatDeckErrors, looksHalfWritten, readDeckBytes, readDeckFile } from './entry.ts'
import { resolveDeckOptions, type ResolvedDeckOptions } from '../options.ts'
import { checkThemeAndLayouts } from './theme-check.ts'
import { ENGINE_DIR } from '../options.ts'
import { createSlideAnalyzer } from './analysis.ts'
import { analysisStore } from './analysis-store.ts'
import { stillAsSeen } from '../markdown/files-seen.ts'
import { findDeckComponents, type DeckComponents } from './components.ts'
import type { NotesFrom } from '../../shared/server-files.ts'

export interface SlideState {
  slide: Slide
  /** Made when first read, for a load that left it for later (an edit's: plugin/deck/hot-update.ts). */
  readonly analyzed: AnalyzedSlide
  noteHtml: string
}

/** Whether the slides' analyses are made as the deck loads, or when first read (by analysePending at the latest). */
export type Analyse = 'now' | 'later'

/** Blank lines between where a slide's content starts and its first text: the parser trims them off the content. */
function blankLinesBefore(slide: Slide): number {
  const lines = slide.raw.split('\n').slice(slide.contentStart - slide.start)
  const first = lines.findIndex((l) => l.trim() !== '')
  return first < 0 ? 0 : first
}

/**
 * The deck file parsed and checked, without analysing its slides: what the export reads of a deck (titles, notes).
 * `read` reads a file of the deck (undefined: there is none); a deck that cannot be read is one error.
 */
export function readDeck(entry: string, root: string, read: (path: string) => string | undefined, engineDir?: string): { deck: Deck; source: string } | { errors: DeckError[] } {
  let source: string | undefined
  try {
    source = read(entry)
  } catch (error) {
    return { errors: [{ line: 1, message: (error as Error).message, file: entry }] }
  }
  if (source === undefined) return { errors: [{ line: 1, message: `Deck file not found: ${entry}. Create slides.md, or name the deck's file (reslide <file.md>).`, file: entry }] }
  const deck = parseDeck(source, { filepath: entry, root, readFile: read })
  const checked = checkThemeAndLayouts(deck, { deckDir: root, engineDir: engineDir ?? ENGINE_DIR }, entry)
  deck.errors.push(...checked.errors)
  deck.warnings.push(...checked.warnings)
  // An emptied file (an editor's truncate before its write) keeps the last good deck like any other error.
  if (!source.trim()) deck.errors.push({ line: 1, message: 'The deck file is empty.', file: entry })
  else if (!deck.slides.length) deck.errors.push({ line: 1, message: 'The deck has no slides.', file: entry })
  return { deck, source }
}

export class DeckState {
  /** The deck's folder: `src:` imports resolve from here, and public/, components/, setup/ are found here. */
  root: string
  entry: string
  /** The engine's own folder (src/layouts, the built-in themes). */
  engineDir: string
  readonly options: ResolvedDeckOptions
  get deckDir(): string {
    return this.root
  }
  /** Paths in messages are shown from where the command runs (the terminal's folder). */
  readonly shownFrom = process.cwd()
  isBuild = false
  baseUrl = '/'
  /** The last deck that parsed without errors (null before the first). */
  deck: Deck | null = null
  states: SlideState[] = []
  errors: DeckError[] = []
  /** The deck's own components (components/ beside the deck file), found again at every load. */
  components: DeckComponents = { dir: '', byTag: {}, warnings: [] }
  /** Each deck file's bytes as the last load read them (undefined: there was no such file). */
  private loadedBytes = new Map<string, Buffer | undefined>()
  /** Called after each load (dev: the deck's watcher follows the files the deck now reads). */
  afterLoad: () => void = () => {}
  /** Called by the dev server's hot update with the slides an edit changed (UnoCSS scans them: plugin/unocss). */
  onSlidesEdited: (slides: SlideState[]) => void = () => {}
  private analyzer = createSlideAnalyzer(() => this)

  constructor(options: ResolvedDeckOptions = resolveDeckOptions()) {
    this.options = options
    this.root = options.deckDir
    this.entry = options.entry
    this.engineDir = options.engineDir
  }

  configure(config: ResolvedConfig): void {
    this.isBuild = config.command === 'build'
    this.baseUrl = config.base
    // Beside Vite's own cache: emptied with it, so a start with an empty cache is a first start in full.
    this.analyzer.keepOn(analysisStore(join(config.cacheDir, 'deck-analysis'), this.engineDir))
  }

  private onDisk: { deck: Deck; texts: Map<string, string | undefined> } | null = null

  /**
   * The deck as its files on disk hold it at this moment, errors and all (where the editor finds a slide's lines: the
   * disk is what a write changes). Parsed again only when one of its files changed; the dev server's loads, which
   * swap in a new deck and update the page, are left to the watcher.
   */
  parsedNow(): { deck: Deck | null; errors: DeckError[] } {
    const fresh = this.onDisk && [...this.onDisk.texts].every(([path, text]) => {
      try {
        return this.readFile(path) === text
      } catch {
        return false
      }
    })
    if (fresh) return { deck: this.onDisk!.deck, errors: this.onDisk!.deck.errors }
    const texts = new Map<string, string | undefined>()
    const result = readDeck(this.entry, this.root, (path) => {
      const text = this.readFile(path)
      texts.set(path, text)
      return text
    }, this.engineDir)
    if ('errors' in result) return { deck: null, errors: result.errors }
    this.onDisk = { deck: result.deck, texts }
    return { deck: result.deck, errors: result.deck.errors }
  }

  readFile = (path: string): string | undefined => readDeckFile(path, this.root)

  /** Whether the file on disk no longer holds the text the last load read from it (its bytes compared). */
  changedSinceLoad(path: string): boolean {
    try {
      const loaded = this.loadedBytes.get(path)
      const now = readDeckBytes(path, this.root)
      return now === undefined || loaded === undefined ? now !== loaded : !now.equals(loaded)
    } catch {
      return true
    }
  }

  /** The deck files read empty since they last had text. */
  private seenEmpty = new Set<string>()

  /**
   * Whether a deck file looks half written, as an editor's save leaves it for a moment (truncated, then written): the
   * dev server then waits for its settled watch, which looks again once the writes stop, instead of loading a deck cut
   * short (slides gone, then back) or showing "the deck file is empty" for an instant. A file still empty then is.
   */
  halfWritten(path: string): boolean {
    try {
      const bytes = readDeckBytes(path, this.root)
      if (bytes === undefined) return false
      const seenEmptyBefore = this.seenEmpty.has(path)
      if (bytes.length) this.seenEmpty.delete(path)
      else this.seenEmpty.add(path)
      return looksHalfWritten(bytes.length, statSync(path).size, seenEmptyBefore)
    } catch {
      // Gone or unreadable: the load says so.
      return false
    }
  }

  /** Whether a deck was loaded and none of its files changed since. */
  isFresh(): boolean {
    return this.deck !== null && this.loadedBytes.size > 0 && ![...this.loadedBytes.keys()].some((file) => this.changedSinceLoad(file))
  }

  /**
   * Parses the deck; returns the errors and keeps the last good deck when there are any. With 'later', the slides
   * whose analysis is not at hand (an edited slide) are analysed when first read or by analysePending(), and the
   * caller then calls afterLoad: a dev server sends an edit's update first and analyses while it travels.
   */
  load(analyse: Analyse = 'now'): DeckError[] {
    const errors = this.parseAndAnalyse()
    if (analyse === 'now') {
      this.analysePending()
      this.afterLoad()
    }
    return errors
  }

  /** The slides whose analysis the last load left for later, now analysed. */
  analysePending(): SlideState[] {
    const pending = this.states.filter((state) => !this.analysed.has(state))
    for (const state of pending) void state.analyzed
    return pending
  }

  /** Whether a slide's analysis is made (a load that left it for later: not before analysePending or its first read). */
  isAnalysed(state: SlideState): boolean {
    return this.analysed.has(state)
  }

  /** The states whose analysis is made (a WeakSet: a state is made once and read through its getter). */
  private analysed = new WeakSet<SlideState>()
  /** The settings the last deck's analyses read (SlideAnalyzer.settingsOf). */
  private settings = ''

  /** A slide's state, its analysis made when first read; the one a previous state of the same slide had, if it holds. */
  private slideState(slide: Slide, deck: Deck, previous: SlideState | undefined): SlideState {
    const { analyzer, analysed } = this
    const held = previous && analysed.has(previous) && analyzer.stillHolds(previous, slide) ? previous.analyzed : undefined
    let analyzed = held
    const state: SlideState = {
      slide,
      noteHtml: analyzer.noteHtml(slide.note),
      get analyzed() {
        if (!analyzed) {
          analyzed = analyzer.analyze(slide, deck)
          analysed.add(state)
        }
        return analyzed
      },
    }
    if (held) analysed.add(state)
    return state
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
      const bytes = readDeckBytes(path, this.root)
      this.loadedBytes.set(path, bytes)
      return bytes?.toString('utf8')
    }
    this.loadedBytes.delete(entry)
    const result = readDeck(entry, root, read, this.engineDir)
    if ('errors' in result) return result.errors
    const next = result.deck
    if (next.errors.length && this.deck) return next.errors
    this.components = findDeckComponents(entry)
    next.warnings.push(...this.components.warnings.map((message) => ({ line: 1, message, file: this.components.dir })))
    // The one-file HTML export: hash routes (no server to answer /N), drawings never kept (spec: "drawing, not kept").
    if (this.options.singleFile) next.config = { ...next.config, routerMode: 'hash', drawings: { ...next.config.drawings, persist: false } }
    else if (this.options.routerMode) next.config = { ...next.config, routerMode: this.options.routerMode }
    this.deck = next
    // The slides of a deck whose settings did not change keep the analyses they had (found by their text).
    const settings = this.analyzer.settingsOf(next)
    const before = settings === this.settings ? new Map(this.states.map((state) => [state.slide.raw, state])) : new Map<string, SlideState>()
    this.settings = settings
    this.states = next.slides.map((slide) => this.slideState(slide, next, before.get(slide.raw)))
    return next.errors
  }

  /** Loads the deck if it was never loaded; fails with the errors when there is still none. */
  ensure(): Deck {
    if (!this.deck) this.errors = this.load()
    if (!this.deck) throw new Error(formatDeckErrors(this.errors, this.shownFrom))
    return this.deck
  }

  /** A slide's tree with its code highlighted, as its module is made from it. */
  highlighted(state: SlideState): Promise<Root> {
    return this.analyzer.highlighted(state.analyzed, this.deck!.config)
  }

  /** A warning about a slide, naming the slide and its line in the deck file. */
  warningOf(state: SlideState, m: Pick<SlideMessage, 'line' | 'message'>): string {
    const line = m.line ? state.slide.contentStart + blankLinesBefore(state.slide) + m.line : state.slide.start + 1
    return `slide ${state.slide.no} (${relative(this.shownFrom, state.slide.filepath ?? this.entry)}:${line}): ${m.message}`
  }

  warnings(state: SlideState): string[] {
    return [...state.analyzed.messages.map((m) => this.warningOf(state, m)), ...this.linkWarnings(state)]
  }

  /** The slide's links to slides the deck does not have, checked against its slide count now (not in the analysis). */
  linkWarnings(state: SlideState): string[] {
    const total = this.deck?.slides.length ?? 0
    return state.analyzed.slideLinks
      .filter(({ target }) => target < 1 || target > total)
      .map(({ target, line }) => this.warningOf(state, { line, message: `Link to slide ${target}, but the deck has ${total} slides` }))
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
    return (this.deck?.warnings ?? []).map((e) => ({ ...e, file: e.file ? relative(this.shownFrom, e.file) : undefined }))
  }

  /** Errors as the dev overlay shows them (paths relative to the project). */
  shownErrors(errors: DeckError[]): DeckError[] {
    return errors.map((e) => ({ ...e, file: e.file ? relative(this.shownFrom, e.file) : undefined }))
  }

  /** Settles once the analyses made so far are kept on disk (they are written beside the work that goes on). */
  analysesKept(): Promise<void> {
    return this.analyzer.kept()
  }

  /** The files the slides' analyses read (snippets): the dev server's hot update follows them too. Never the editor's. */
  filesRead(): Set<string> {
    return new Set(this.states.flatMap((s) => this.analyzer.filesRead(s.analyzed).map(([path]) => path)))
  }

  /** Whether a file of the deck, or one its slides' analyses read, no longer holds what the last load read from it. */
  changedSinceRead(file: string): boolean {
    if (this.files().has(file)) return this.changedSinceLoad(file)
    return this.states.some((s) => !stillAsSeen(this.analyzer.filesRead(s.analyzed).filter(([path]) => path === file)))
  }

  /** The deck file and every file its slides come from (`src:` imports). */
  files(): Set<string> {
    return new Set([this.entry, ...this.states.map((s) => s.slide.filepath ?? this.entry)])
  }
}
