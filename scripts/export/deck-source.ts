// The deck's own text, read at export time: slide titles, speaker notes, title and author. Notes never enter the
// built site for this (a password-protected deck keeps them off the audience's bundle).
import { existsSync, readFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { readDeck } from '../../plugin/deck/state'

export interface SourceSlide {
  no: number
  title: string
  /** The speaker note as written (Markdown), `[click]` markers kept. */
  note: string
  /** Whether the slide draws a mermaid diagram. */
  hasDiagram: boolean
}

export interface DeckSource {
  title: string
  author: string
  lang: string
  slides: SourceSlide[]
}

/** Reads the deck file (with its `src:` imports) as the deck state does; a deck that does not parse is an error. */
export function readDeckSource(entry: string): DeckSource {
  const readFile = (path: string) => (existsSync(path) ? readFileSync(path, 'utf8') : undefined)
  const read = readDeck(entry, dirname(entry), readFile)
  if ('errors' in read) throw new Error(read.errors[0]!.message)
  const { deck } = read
  const [error] = deck.errors
  if (error) throw new Error(`${error.file ?? entry}:${error.line}: ${error.message}`)
  return {
    title: deck.config.title,
    author: deck.config.author,
    lang: deck.config.htmlAttrs.lang ?? 'en',
    slides: deck.slides.map((s) => ({ no: s.no, title: s.title ?? '', note: s.note, hasDiagram: /^\s{0,3}(`{3,}|~{3,})\s*mermaid\b/m.test(s.content) })),
  }
}

/** A note as plain paragraphs: `[click]` markers dropped, Markdown marks and tags removed, line breaks kept. */
export function notePlainText(note: string): string {
  return note
    .split('\n')
    .filter((line) => !/^\s*\[click(?::\d+)?\]\s*$/i.test(line))
    .map((line) =>
      line
        .replace(/<[^>]+>/g, '')
        .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
        .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
        .replace(/(\*\*|__|\*|_|~~|`)(.+?)\1/g, '$2')
        .replace(/^\s*(#{1,6}|[-*+]|\d+[.)])\s+/, (m) => (/\d/.test(m) ? m.trim() + ' ' : m.trim().startsWith('#') ? '' : '• '))
        .trimEnd(),
    )
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}
