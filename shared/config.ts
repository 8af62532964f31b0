// Resolves the deck configuration from the headmatter: defaults of spec.md section 3, every bad value reported.
import { parseDuration } from './duration.ts'

export type ColorSchema = 'auto' | 'light' | 'dark' | 'all'

export interface DrawingsConfig {
  enabled: boolean | 'dev'
  persist: boolean
  presenterOnly: boolean
  syncAll: boolean
}

export interface FontsConfig {
  sans: string
  serif: string
  mono: string
  webfonts: string[]
  provider: 'none' | 'local'
  local: string[]
  italic: boolean
  weights: string[]
}

export interface DeckConfig {
  theme: string
  title: string
  titleTemplate: string
  author: string
  routerMode: 'history' | 'hash'
  aspectRatio: number
  canvasWidth: number
  canvasHeight: number
  download: boolean | string
  exportFilename: string
  /** The notes handout the build exports into itself (a PDF path in the build, e.g. notes.pdf), or false. */
  handout: string | false
  /** Where the deck is published (an absolute http(s) address ending in /), or false: links built from it are left out. */
  onlineUrl: string | false
  selectable: boolean
  colorSchema: ColorSchema
  drawings: DrawingsConfig
  presenter: boolean | 'dev' | 'build'
  /** The camera view and the recorder: everywhere, nowhere, or only under the dev server (Slidev's default). */
  record: boolean | 'dev'
  editor: boolean
  info: string | false
  transition: string
  class: string
  htmlAttrs: Record<string, string>
  fonts: FontsConfig
  remote: string | false
  lineNumbers: boolean
  codeCopy: boolean
  /** Slidev's magic-move copy button: on every step (true, 'always'), only on the last ('final'), or none. */
  magicMoveCopy: boolean | 'always' | 'final'
  /** Milliseconds of a magic-move morph (a block's `{duration}` wins). */
  magicMoveDuration: number
  highlighter: 'shiki'
  favicon: string
  mermaid: Record<string, unknown>
  /** The talk's planned length in milliseconds (headmatter `duration`), or null: no pacing, the timer only counts. */
  duration: number | null
}

export const defaultConfig: DeckConfig = {
  theme: 'seriph',
  title: 'Slides',
  titleTemplate: '%s',
  author: '',
  routerMode: 'history',
  aspectRatio: 16 / 9,
  canvasWidth: 980,
  canvasHeight: Math.ceil(980 / (16 / 9)),
  download: false,
  exportFilename: 'slides-export',
  handout: false,
  onlineUrl: false,
  selectable: true,
  colorSchema: 'auto',
  drawings: { enabled: true, persist: false, presenterOnly: false, syncAll: true },
  presenter: true,
  record: 'dev',
  editor: true,
  info: false,
  transition: 'slide-left',
  class: '',
  htmlAttrs: {},
  fonts: {
    sans: '"Noto Sans", "Noto Sans CJK SC", "Source Han Sans SC", "PingFang SC", "Microsoft YaHei", sans-serif',
    serif: '"Noto Serif", "Noto Serif CJK SC", "Source Han Serif SC", "Songti SC", "SimSun", serif',
    mono: '"Fira Code", "Noto Sans Mono CJK SC", ui-monospace, monospace',
    webfonts: [],
    provider: 'none',
    local: [],
    italic: false,
    weights: ['400', '700'],
  },
  remote: false,
  lineNumbers: false,
  codeCopy: true,
  magicMoveCopy: true,
  magicMoveDuration: 800,
  highlighter: 'shiki',
  favicon: '/favicon.svg',
  mermaid: { theme: 'neutral' },
  duration: null,
}

type Report = (key: string, message: string) => void

/** `16/9`, `16:9`, `1.777` or a number → a positive ratio, else undefined. */
export function parseAspectRatio(value: unknown): number | undefined {
  if (typeof value === 'number') return value > 0 && Number.isFinite(value) ? value : undefined
  if (typeof value !== 'string') return undefined
  const m = value.trim().match(/^(\d+(?:\.\d+)?)\s*(?:[/:]\s*(\d+(?:\.\d+)?))?$/)
  if (!m) return undefined
  const ratio = m[2] === undefined ? Number(m[1]) : Number(m[1]) / Number(m[2])
  return ratio > 0 && Number.isFinite(ratio) ? ratio : undefined
}

function pickString(head: Record<string, unknown>, key: string, fallback: string, report: Report): string {
  const value = head[key]
  if (value === undefined || value === null) return fallback
  if (typeof value === 'string') return value
  if (typeof value === 'number') return String(value)
  report(key, `"${key}" must be text, got ${JSON.stringify(value)}.`)
  return fallback
}

function pickBoolean(head: Record<string, unknown>, key: string, fallback: boolean, report: Report): boolean {
  const value = head[key]
  if (value === undefined || value === null) return fallback
  if (typeof value === 'boolean') return value
  report(key, `"${key}" must be true or false, got ${JSON.stringify(value)}.`)
  return fallback
}

function pickDuration(head: Record<string, unknown>, report: Report): number {
  const value = head.magicMoveDuration
  if (value === undefined || value === null) return defaultConfig.magicMoveDuration
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return value
  report('magicMoveDuration', `"magicMoveDuration" must be a number of milliseconds ≥ 0, got ${JSON.stringify(value)}.`)
  return defaultConfig.magicMoveDuration
}

function pickOneOf<T extends string>(head: Record<string, unknown>, key: string, allowed: readonly T[], fallback: T, report: Report): T {
  const value = head[key]
  if (value === undefined || value === null) return fallback
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T
  report(key, `"${key}" must be one of ${allowed.join(', ')}, got ${JSON.stringify(value)}.`)
  return fallback
}

function resolveDrawings(value: unknown, report: Report): DrawingsConfig {
  const base = defaultConfig.drawings
  if (value === undefined || value === null) return { ...base }
  if (typeof value !== 'object' || Array.isArray(value)) {
    report('drawings', '"drawings" must be a mapping with enabled, persist, presenterOnly and syncAll.')
    return { ...base }
  }
  const v = value as Record<string, unknown>
  const flag = (key: keyof DrawingsConfig) => {
    if (v[key] === undefined) return base[key] as boolean
    if (typeof v[key] === 'boolean') return v[key] as boolean
    report(`drawings.${key}`, `"drawings.${key}" must be true or false, got ${JSON.stringify(v[key])}.`)
    return base[key] as boolean
  }
  const enabled = v.enabled === 'dev' ? 'dev' : flag('enabled')
  return { enabled, persist: flag('persist'), presenterOnly: flag('presenterOnly'), syncAll: flag('syncAll') }
}

function resolveFonts(value: unknown, report: Report): FontsConfig {
  const base = defaultConfig.fonts
  if (value === undefined || value === null) return { ...base }
  if (typeof value !== 'object' || Array.isArray(value)) {
    report('fonts', '"fonts" must be a mapping (sans, serif, mono, …).')
    return { ...base }
  }
  const v = value as Record<string, unknown>
  const family = (key: 'sans' | 'serif' | 'mono') => (typeof v[key] === 'string' ? `${v[key]}, ${base[key]}` : base[key])
  const list = (key: 'webfonts' | 'local' | 'weights') =>
    Array.isArray(v[key]) ? (v[key] as unknown[]).map(String) : typeof v[key] === 'string' ? String(v[key]).split(',').map((s) => s.trim()) : base[key]
  return {
    sans: family('sans'),
    serif: family('serif'),
    mono: family('mono'),
    webfonts: list('webfonts'),
    provider: v.provider === 'local' ? 'local' : 'none',
    local: list('local'),
    italic: v.italic === true,
    weights: list('weights'),
  }
}

/**
 * The deck configuration from a headmatter; `report(key, message)` receives every rejected value, `warn` the values
 * that are dropped without failing the build (a bad `duration` only turns pacing off).
 */
export function resolveConfig(head: Record<string, unknown>, report: Report = () => {}, warn: Report = report): DeckConfig {
  const aspectRatio = head.aspectRatio === undefined ? defaultConfig.aspectRatio : parseAspectRatio(head.aspectRatio)
  if (aspectRatio === undefined) report('aspectRatio', `"aspectRatio" must look like 16/9 or a positive number, got ${JSON.stringify(head.aspectRatio)}.`)
  let canvasWidth = defaultConfig.canvasWidth
  if (head.canvasWidth !== undefined) {
    if (typeof head.canvasWidth === 'number' && head.canvasWidth >= 100 && head.canvasWidth <= 10000) canvasWidth = head.canvasWidth
    else report('canvasWidth', `"canvasWidth" must be a number of pixels between 100 and 10000, got ${JSON.stringify(head.canvasWidth)}.`)
  }
  const ratio = aspectRatio ?? defaultConfig.aspectRatio

  let download: boolean | string = defaultConfig.download
  if (typeof head.download === 'boolean' || typeof head.download === 'string') download = head.download
  else if (head.download !== undefined) report('download', `"download" must be true, false or a URL, got ${JSON.stringify(head.download)}.`)

  let handout: string | false = false
  if (typeof head.handout === 'string' && /^[\w./-]+\.pdf$/i.test(head.handout) && !head.handout.split('/').includes('..')) handout = head.handout.replace(/^\/+/, '')
  else if (head.handout !== undefined && head.handout !== false) report('handout', `"handout" must be a PDF file name inside the build (notes.pdf, files/handout.pdf), got ${JSON.stringify(head.handout)}.`)

  let onlineUrl: string | false = false
  if (typeof head.onlineUrl === 'string' && /^https?:\/\/[^/\s]+/i.test(head.onlineUrl)) onlineUrl = head.onlineUrl.endsWith('/') ? head.onlineUrl : `${head.onlineUrl}/`
  else if (head.onlineUrl !== undefined && head.onlineUrl !== false) report('onlineUrl', `"onlineUrl" must be the deck's published address (https://…/), got ${JSON.stringify(head.onlineUrl)}.`)

  let info: string | false = false
  if (typeof head.info === 'string') info = head.info
  else if (head.info !== undefined && head.info !== false) report('info', '"info" must be text (Markdown or HTML).')

  let presenter: DeckConfig['presenter'] = defaultConfig.presenter
  if (typeof head.presenter === 'boolean' || head.presenter === 'dev' || head.presenter === 'build') presenter = head.presenter
  else if (head.presenter !== undefined) report('presenter', '"presenter" must be true, false, "dev" or "build".')

  let record: DeckConfig['record'] = defaultConfig.record
  if (typeof head.record === 'boolean' || head.record === 'dev') record = head.record
  else if (head.record !== undefined) report('record', '"record" must be true, false or "dev".')

  const htmlAttrs: Record<string, string> = {}
  if (head.htmlAttrs !== undefined) {
    if (head.htmlAttrs && typeof head.htmlAttrs === 'object' && !Array.isArray(head.htmlAttrs)) {
      for (const [key, value] of Object.entries(head.htmlAttrs)) htmlAttrs[key] = String(value)
    } else report('htmlAttrs', '"htmlAttrs" must be a mapping of attribute names to values.')
  }

  // `remote` is Slidev's name for the presenter password; `remotePassword` is accepted too.
  const remoteRaw = head.remotePassword ?? head.remote
  const remote = typeof remoteRaw === 'string' && remoteRaw !== '' ? remoteRaw : typeof remoteRaw === 'number' ? String(remoteRaw) : false

  const title = pickString(head, 'title', defaultConfig.title, report)
  let titleTemplate = pickString(head, 'titleTemplate', defaultConfig.titleTemplate, report)
  if (!titleTemplate.includes('%s')) {
    report('titleTemplate', '"titleTemplate" must contain %s, where the title goes.')
    titleTemplate = defaultConfig.titleTemplate
  }
  let duration: number | null = null
  if (head.duration !== undefined && head.duration !== null) {
    const parsed = parseDuration(head.duration)
    if (parsed.ok) duration = parsed.ms
    else warn('duration', `"duration" ${parsed.reason}; the presenter view shows no pacing.`)
  }
  const mermaid = head.mermaid && typeof head.mermaid === 'object' && !Array.isArray(head.mermaid) ? { ...defaultConfig.mermaid, ...(head.mermaid as object) } : defaultConfig.mermaid

  return {
    theme: pickString(head, 'theme', defaultConfig.theme, report),
    title,
    titleTemplate,
    author: pickString(head, 'author', defaultConfig.author, report),
    routerMode: pickOneOf(head, 'routerMode', ['history', 'hash'] as const, defaultConfig.routerMode, report),
    aspectRatio: ratio,
    canvasWidth,
    canvasHeight: Math.ceil(canvasWidth / ratio),
    download,
    exportFilename: pickString(head, 'exportFilename', defaultConfig.exportFilename, report),
    handout,
    onlineUrl,
    selectable: pickBoolean(head, 'selectable', defaultConfig.selectable, report),
    colorSchema: pickOneOf(head, 'colorSchema', ['auto', 'light', 'dark', 'all'] as const, defaultConfig.colorSchema, report),
    drawings: resolveDrawings(head.drawings, report),
    presenter,
    record,
    editor: pickBoolean(head, 'editor', defaultConfig.editor, report),
    info,
    transition: pickString(head, 'transition', defaultConfig.transition, report),
    class: pickString(head, 'class', defaultConfig.class, report),
    htmlAttrs,
    fonts: resolveFonts(head.fonts, report),
    remote,
    lineNumbers: pickBoolean(head, 'lineNumbers', defaultConfig.lineNumbers, report),
    codeCopy: pickBoolean(head, 'codeCopy', defaultConfig.codeCopy, report),
    magicMoveCopy: typeof head.magicMoveCopy === 'string' ? pickOneOf(head, 'magicMoveCopy', ['always', 'final'] as const, 'always', report) : pickBoolean(head, 'magicMoveCopy', defaultConfig.magicMoveCopy === true, report),
    magicMoveDuration: pickDuration(head, report),
    highlighter: 'shiki',
    favicon: pickString(head, 'favicon', defaultConfig.favicon, report),
    mermaid,
    duration,
  }
}

/**
 * The values `$slidev.configs.<key>` reads at build time: the headmatter as written, plus the addresses the engine
 * derives from it (`handoutUrl`: the handout's absolute address under `onlineUrl`).
 */
export function boundConfigs(headmatter: Record<string, unknown>, config: Pick<DeckConfig, 'handout' | 'onlineUrl'>): Record<string, unknown> {
  const derived = config.handout && config.onlineUrl ? { handoutUrl: new URL(config.handout, config.onlineUrl).href } : {}
  return { ...headmatter, ...(config.onlineUrl ? { onlineUrl: config.onlineUrl } : {}), ...derived }
}

/** The headmatter key a derived binding needs set (the author's word for what is missing). */
export const DERIVED_CONFIGS: Record<string, string> = { handoutUrl: '"handout" and "onlineUrl"' }

/** The page title: the template with `%s` replaced by the title. */
export function pageTitle(config: Pick<DeckConfig, 'title' | 'titleTemplate'>, slideTitle?: string): string {
  const title = config.titleTemplate.replace('%s', config.title)
  return slideTitle && slideTitle !== config.title ? `${slideTitle} · ${title}` : title
}
