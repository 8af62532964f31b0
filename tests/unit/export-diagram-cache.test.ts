import { mkdtempSync, readFileSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DIAGRAM_CACHE_LIMIT, openDiagramCache } from '../../scripts/export/diagram-cache'
import { diagramKeyText, diagramRequest } from '../../shared/diagram'

const root = resolve(__dirname, '../..')
// Keys made as the page makes them.
const key = (scheme: 'light' | 'dark', text: string) => diagramRequest(text, {}, scheme === 'dark', 'Deck Serif').key
const drawn = (svg: string) => ({ svg, renderId: 'deck-mermaid-1x', diagramType: 'flowchart-v2' })

/** A fresh folder with a deck file holding `deck`; the cache file goes in a subfolder not yet made. */
function place(deck = '') {
  const dir = mkdtempSync(join(tmpdir(), 'diagram-cache-'))
  const entry = join(dir, 'slides.md')
  writeFileSync(entry, deck)
  return { entry, file: join(dir, 'cache', 'diagrams.json') }
}

describe('the export diagram cache', () => {
  it('reads the diagram text out of a render key, whatever the text holds', () => {
    expect(diagramKeyText(key('dark', 'graph LR\n  A --> B'))).toBe('graph LR\n  A --> B')
    expect(diagramKeyText(key('light', 'a\u0000b'))).toBe('a\u0000b')
    expect(diagramKeyText(key('light', ''))).toBe('')
  })

  it('keeps what a page drew and hands back only the diagrams whose text is in the deck', () => {
    // A deck saved with Windows line ends still matches.
    const { entry, file } = place('# Slide\r\n\r\n```mermaid\r\ngraph LR\r\n  A --> B\r\n```\r\n')
    const first = openDiagramCache({ root, entry, file })
    expect(first.forDeck()).toEqual({})
    first.keep({ [key('light', 'graph LR\n  A --> B')]: drawn('<svg>a</svg>'), [key('light', 'pie\n  "x": 1')]: drawn('<svg>b</svg>') })

    expect(Object.keys(openDiagramCache({ root, entry, file }).forDeck())).toEqual([key('light', 'graph LR\n  A --> B')])
    expect(openDiagramCache({ root, entry: place('no diagram here').entry, file }).forDeck()).toEqual({})
    // A deck that cannot be read is handed nothing.
    expect(openDiagramCache({ root, entry: join(entry, 'missing.md'), file }).forDeck()).toEqual({})
    // Written whole: no partial file left beside it.
    expect(readdirSync(join(file, '..'))).toEqual(['diagrams.json'])
  })

  it('draws afresh after a mermaid upgrade, and from an unreadable file', () => {
    const { entry, file } = place('graph TD')
    mkdirSync(join(file, '..'), { recursive: true })
    writeFileSync(file, JSON.stringify({ mermaid: '0.0.1', diagrams: { [key('light', 'graph TD')]: drawn('<svg/>') } }))
    expect(openDiagramCache({ root, entry, file }).forDeck()).toEqual({})
    writeFileSync(file, '{ not json')
    const cache = openDiagramCache({ root, entry, file })
    expect(cache.forDeck()).toEqual({})
    cache.keep({ [key('dark', 'graph TD')]: drawn('<svg>d</svg>') })
    expect(JSON.parse(readFileSync(file, 'utf8')).mermaid).toMatch(/^\d+\.\d+\.\d+/)
  })

  it(`holds at most ${DIAGRAM_CACHE_LIMIT} diagrams, dropping the ones used longest ago`, () => {
    const { entry, file } = place()
    const cache = openDiagramCache({ root, entry, file })
    cache.keep(Object.fromEntries(Array.from({ length: DIAGRAM_CACHE_LIMIT }, (_, i) => [key('light', `graph ${i}`), drawn(`<svg>${i}</svg>`)])))
    // Diagram 0 is used again: it becomes the newest; 1 is now the oldest and goes when one more is added.
    cache.keep({ [key('light', 'graph 0')]: drawn('<svg>0</svg>') })
    cache.keep({ [key('light', 'graph new')]: drawn('<svg>new</svg>') })
    const kept = Object.keys(JSON.parse(readFileSync(file, 'utf8')).diagrams).map(diagramKeyText)
    expect(kept).toHaveLength(DIAGRAM_CACHE_LIMIT)
    expect(kept).toContain('graph 0')
    expect(kept).toContain('graph new')
    expect(kept).not.toContain('graph 1')
  })

  it('a read-only place costs the next export time, never this one its file', () => {
    const { entry } = place()
    // A file where the cache's folder should be: nothing can be written below it.
    const blocker = join(entry, '..', 'file')
    writeFileSync(blocker, '')
    const cache = openDiagramCache({ root, entry, file: join(blocker, 'diagrams.json') })
    expect(() => cache.keep({ [key('light', 'graph TD')]: drawn('<svg/>') })).not.toThrow()
  })
})
