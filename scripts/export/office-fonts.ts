// Which fonts a PowerPoint run names: the families of the slide's CSS stack that a reader's machine can have (not
// the page's web fonts, never the build's subset), one for Latin text and one for Chinese (the east-asian slot),
// with the hints an office program uses to stand another face in when it lacks one.
import { SUBSET_FAMILY } from '../../shared/fonts'

/** CSS's generic families as fonts every office program has. */
const GENERIC: Record<string, string> = { serif: 'Times New Roman', 'sans-serif': 'Arial', 'system-ui': 'Arial', 'ui-sans-serif': 'Arial', 'ui-serif': 'Times New Roman', monospace: 'Courier New', 'ui-monospace': 'Courier New' }

/** Families the build makes up (the deck's glyph subset): installed nowhere, so never named in the file. */
const MADE_UP = new Set([SUBSET_FAMILY])

const CJK = /CJK|\b(SC|TC|JP|KR|HK)\b|Song|Hei|YaHei|SimSun|宋体|黑体|PingFang|Han Sans|Han Serif|Ming|Kai/i

/** The Chinese family named when the stack has none but the made-up subset, by the stack's kind of face. */
const CJK_DEFAULT = { serif: 'Noto Serif CJK SC', sans: 'Noto Sans CJK SC', mono: 'Noto Sans Mono CJK SC' }

type Kind = keyof typeof CJK_DEFAULT

/**
 * Windows' font mapper picks a stand-in for a missing face from its pitch-and-family byte and character set:
 * FF_ROMAN, FF_SWISS or FF_MODERN with variable or fixed pitch; GB2312 (-122 as a signed byte) for Chinese, so
 * Office without Noto draws the text in SimSun (宋体) rather than a Latin face.
 */
const PITCH_FAMILY: Record<Kind, number> = { serif: 18, sans: 34, mono: 49 }
const CHARSET = { latin: 0, hans: -122, hant: -120, jpan: -128, hang: -127 }

export interface OfficeFont {
  /** `<a:latin>` and `<a:cs>`: the first installable family of the stack (a CJK family draws Latin letters too). */
  latin: string
  /** `<a:ea>`: the first installable CJK family of the stack (never the build's subset). */
  ea: string
  pitchFamily: number
  /** The east-asian face's character set (see CHARSET). */
  eaCharset: number
}

const kindOf = (stack: readonly string[]): Kind => {
  const generic = stack.find((f) => f in GENERIC) ?? ''
  return /mono/.test(generic) ? 'mono' : /sans|system/.test(generic) ? 'sans' : 'serif'
}

const charsetOf = (family: string): number => (/\b(TC|HK)\b|Ming|新細|細明/i.test(family) ? CHARSET.hant : /\bJP\b|Gothic|Mincho/i.test(family) ? CHARSET.jpan : /\bKR\b|Myeongjo|고딕/i.test(family) ? CHARSET.hang : CHARSET.hans)

/**
 * The office fonts for a CSS font-family stack (names unquoted, in order). `webFonts`: the families the page itself
 * loads (@font-face), which a reader's machine rarely has; the stack's next family stands in for them.
 */
export function officeFonts(stack: readonly string[], webFonts: readonly string[] = []): OfficeFont {
  const skipped = new Set([...MADE_UP, ...webFonts])
  const installable = stack.filter((f) => f && !skipped.has(f))
  const kind = kindOf(installable)
  const latinFamily = installable[0] ?? 'serif'
  const ea = installable.find((f) => CJK.test(f)) ?? CJK_DEFAULT[kind]
  return { latin: GENERIC[latinFamily] ?? latinFamily, ea, pitchFamily: PITCH_FAMILY[kind], eaCharset: charsetOf(ea) }
}
