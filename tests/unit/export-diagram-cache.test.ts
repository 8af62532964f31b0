import { mkdtempSync, readFileSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DIAGRAM_CACHE_LIMIT, diagramText, openDiagramCache } from '../../scripts/export/diagram-cache'

const root = resolve(__dirname, '../..')
const key = (scheme: string, text: string) => `${scheme}\u0000{"theme":"neutral"}\u0000${text}`
const drawn = (svg: string) => ({ svg, renderId: 'deck-mermaid-1x', diagramType: 'flowchart-v2' })
const cacheFile = () => join(mkdtempSync(join(tmpdir(), 'diagram-cache-')), 'sub', 'diagrams.json')

describe('the export diagram cache', () => {
  it('reads the diagram text out of a render key, whatever the text holds', () => {
    expect(diagramText(key('dark', 'graph LR\n  A --> B'))).toBe('graph LR\n  A --> B')
    expect(diagramText(key('light', ''))).toBe('')
  })

  it('keeps what a page drew and hands back only the diagrams whose text is in the deck', () => {
    const file = cacheFile()
    const first = openDiagramCache(root, file)
    expect(first.forDeck('anything')).toEqual({})
    first.keep({ [key('light', 'graph LR\n  A --> B')]: drawn('<svg>a</svg>'), [key('light', 'pie\n  "x": 1')]: drawn('<svg>b</svg>') })

    const later = openDiagramCache(root, file)
    // A deck saved with Windows line ends still matches.
    const deck = '# Slide\r\n\r\n```mermaid\r\ngraph LR\r\n  A --> B\r\n```\r\n'
    expect(Object.keys(later.forDeck(deck))).toEqual([key('light', 'graph LR\n  A --> B')])
    expect(later.forDeck('no diagram here')).toEqual({})
    // Written whole: no partial file left beside it.
    expect(readdirSync(join(file, '..'))).toEqual(['diagrams.json'])
  })

  it('draws afresh after a mermaid upgrade, and from an unreadable file', () => {
    const file = cacheFile()
    mkdirSync(join(file, '..'), { recursive: true })
    writeFileSync(file, JSON.stringify({ mermaid: '0.0.1', diagrams: { [key('light', 'graph TD')]: drawn('<svg/>') } }))
    expect(openDiagramCache(root, file).forDeck('graph TD')).toEqual({})
    writeFileSync(file, '{ not json')
    const cache = openDiagramCache(root, file)
    expect(cache.forDeck('graph TD')).toEqual({})
    cache.keep({ [key('dark', 'graph TD')]: drawn('<svg>d</svg>') })
    expect(JSON.parse(readFileSync(file, 'utf8')).mermaid).toMatch(/^\d+\.\d+\.\d+/)
  })

  it(`holds at most ${DIAGRAM_CACHE_LIMIT} diagrams, dropping the ones used longest ago`, () => {
    const file = cacheFile()
    const cache = openDiagramCache(root, file)
    cache.keep(Object.fromEntries(Array.from({ length: DIAGRAM_CACHE_LIMIT }, (_, i) => [key('light', `graph ${i}`), drawn(`<svg>${i}</svg>`)])))
    // Diagram 0 is used again: it becomes the newest; 1 is now the oldest and goes when one more is added.
    cache.keep({ [key('light', 'graph 0')]: drawn('<svg>0</svg>') })
    cache.keep({ [key('light', 'graph new')]: drawn('<svg>new</svg>') })
    const kept = Object.keys(JSON.parse(readFileSync(file, 'utf8')).diagrams).map(diagramText)
    expect(kept).toHaveLength(DIAGRAM_CACHE_LIMIT)
    expect(kept).toContain('graph 0')
    expect(kept).toContain('graph new')
    expect(kept).not.toContain('graph 1')
  })

  it('a read-only place costs the next export time, never this one its file', () => {
    // A file where the cache's folder should be: nothing can be written below it.
    const blocker = join(mkdtempSync(join(tmpdir(), 'diagram-cache-')), 'file')
    writeFileSync(blocker, '')
    const cache = openDiagramCache(root, join(blocker, 'diagrams.json'))
    expect(() => cache.keep({ [key('light', 'graph TD')]: drawn('<svg/>') })).not.toThrow()
  })
})
