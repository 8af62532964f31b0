// UnoCSS for decks: preset-wind3 with attributify and Slidev's shortcuts, generated on demand from the deck and its components.
import type { UserConfig } from '@unocss/core'
import presetWind3 from '@unocss/preset-wind3'
import presetAttributify from '@unocss/preset-attributify'

/** Slidev's shortcuts (packages/client/uno.config.ts), so decks written for Slidev keep their look. */
export const slidevShortcuts: Record<string, string> = {
  'bg-main': 'bg-white text-[#181818] dark:(bg-[#121212] text-[#ddd])',
  'bg-active': 'bg-gray-400/10',
  'border-main': 'border-gray/20',
  'text-main': 'text-[#181818] dark:text-[#ddd]',
  'text-primary': 'color-$slidev-theme-primary',
  'bg-primary': 'bg-$slidev-theme-primary',
  'border-primary': 'border-$slidev-theme-primary',
  'abs-tl': 'absolute top-0 left-0',
  'abs-tr': 'absolute top-0 right-0',
  'abs-b': 'absolute bottom-0 left-0 right-0',
  'abs-bl': 'absolute bottom-0 left-0',
  'abs-br': 'absolute bottom-0 right-0',
  'z-drawing': 'z-10',
  'z-camera': 'z-15',
  'z-dragging': 'z-18',
  'z-menu': 'z-20',
  'z-label': 'z-40',
  'z-nav': 'z-50',
  'z-context-menu': 'z-60',
  'z-modal': 'z-70',
  'z-focus-indicator': 'z-200',
}

/** Text sizes relative to the slide's text (em; the line height stays the parent's), as the deck's hand-written list had them. */
const fontSize: Record<string, [string, string]> = {
  xs: ['0.75em', 'inherit'],
  sm: ['0.875em', 'inherit'],
  base: ['1em', 'inherit'],
  lg: ['1.125em', 'inherit'],
  xl: ['1.25em', 'inherit'],
  '2xl': ['1.5em', 'inherit'],
  '3xl': ['1.875em', 'inherit'],
  '4xl': ['2.25em', 'inherit'],
  '5xl': ['3em', 'inherit'],
  '6xl': ['3.75em', 'inherit'],
}

/** The plain colour names keep the shades the deck was designed with, readable on the light and dark backgrounds. */
const deckColours: Record<string, string> = {
  'text-red': 'text-[#c0392b] dark:text-[#ff8a80]',
  'text-green': 'text-[#1e8449] dark:text-[#7ee2a8]',
  'text-blue': 'text-[#1f5f9e] dark:text-[#8cc4ff]',
  'text-amber': 'text-[#b9770e] dark:text-[#ffcf70]',
}

/**
 * Words scanned from the deck and its code that no rule can match, set aside before UnoCSS tries every rule on them
 * (19,000 candidates took 3 s of the build; the deck's own 3,800 words, 1.3 s, of which 400 can be utilities): a
 * word with Chinese, an upper-case letter or code punctuation outside its `[arbitrary value]` or `(variant group)`,
 * and an attribute whose name is no attribute name (attributify reads `[name="value"]` words too).
 */
export function cannotBeUtility(word: string): boolean {
  const attribute = /^\[([^=~\]]+)~?=/.exec(word)
  if (attribute) return !/^[a-z][a-z0-9:-]*$/.test(attribute[1]!)
  const outside = word.replace(/\[[^\]]*\]/g, '').replace(/\([^)]*\)/g, '')
  return /[^\x21-\x7e]/.test(outside) || /[A-Z;{}<>,'"`\\|?^]/.test(outside)
}

export function unoConfig(): UserConfig {
  return {
    presets: [presetWind3({ dark: 'class' }), presetAttributify()],
    shortcuts: { ...slidevShortcuts, ...deckColours },
    theme: { fontSize },
    blocklist: [cannotBeUtility],
  }
}
