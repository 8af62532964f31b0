// The pure rules of rich content: diagram config per scheme, error kinds, SVG sizing and ids, embed addresses.
import { describe, expect, it } from 'vitest'
import {
  classifyDiagramError,
  diagramNeighbours,
  diagramRequest,
  diagramScale,
  parseDiagramOptions,
  retargetSvgIds,
  sizeSvg,
  legibleWidth,
  MAX_DIAGRAM_TEXT,
} from '../../shared/diagram'
import { classifyEmbedUrl, EMBED_SANDBOX } from '../../src/logic/embed-url'

const SERIF = '"Noto Serif", "Noto Serif CJK SC", serif'

describe('diagramRequest: what mermaid is initialised with', () => {
  it('uses the neutral theme by default, the dark theme in dark mode, and the deck font', () => {
    const light = diagramRequest('flowchart TD\n A-->B', {}, false, SERIF)
    const dark = diagramRequest('flowchart TD\n A-->B', {}, true, SERIF)
    expect(light.config).toMatchObject({ theme: 'neutral', startOnLoad: false, securityLevel: 'strict', fontFamily: SERIF, maxTextSize: MAX_DIAGRAM_TEXT })
    expect(light.config.themeVariables).toEqual({ fontFamily: SERIF })
    expect(dark.config.theme).toBe('dark')
    expect(light.key).not.toBe(dark.key)
  })

  it('passes the fence options through, keeps a named light theme, and never gives scale to mermaid', () => {
    const request = diagramRequest('pie', { theme: 'forest', scale: 1.25, pie: { textPosition: 0.6 }, themeVariables: { pie1: '#123456' } }, false, SERIF)
    expect(request.scale).toBe(1.25)
    expect(request.config).not.toHaveProperty('scale')
    expect(request.config).toMatchObject({ theme: 'forest', pie: { textPosition: 0.6 }, themeVariables: { pie1: '#123456', fontFamily: SERIF } })
    expect(diagramRequest('pie', { theme: 'forest' }, true, SERIF).config.theme).toBe('dark')
  })

  it('keys equal requests equally whatever the option order, and different text differently', () => {
    const a = diagramRequest('x', { theme: 'neutral', flowchart: { curve: 'basis', htmlLabels: true } }, false, SERIF)
    const b = diagramRequest('x', { flowchart: { htmlLabels: true, curve: 'basis' }, theme: 'neutral' }, false, SERIF)
    expect(a.key).toBe(b.key)
    expect(diagramRequest('y', {}, false, SERIF).key).not.toBe(diagramRequest('x', {}, false, SERIF).key)
    expect(diagramRequest('x', {}, false, 'serif').key).not.toBe(diagramRequest('x', {}, false, SERIF).key)
  })

  it.each([
    ['loose', 'strict'],
    ['strict', 'strict'],
    ['antiscript', 'antiscript'],
    ['sandbox', 'sandbox'],
    [undefined, 'strict'],
  ])('securityLevel %s → %s (script-running links stay off)', (asked, used) => {
    expect(diagramRequest('x', { securityLevel: asked }, false, SERIF).config.securityLevel).toBe(used)
  })

  it.each([
    [undefined, {}],
    ['', {}],
    ['not json', {}],
    ['[1,2]', {}],
    ['"text"', {}],
    ['{"scale":0.4,"theme":"neutral"}', { scale: 0.4, theme: 'neutral' }],
  ])('parseDiagramOptions(%j)', (json, expected) => {
    expect(parseDiagramOptions(json)).toEqual(expected)
  })

  it.each([
    [{}, 1],
    [{ scale: 0.4 }, 0.4],
    [{ scale: 1.25 }, 1.25],
    [{ scale: 0 }, 1],
    [{ scale: -2 }, 1],
    [{ scale: 'big' }, 1],
    [{ scale: Infinity }, 1],
  ])('diagramScale(%j) = %s', (options, scale) => {
    expect(diagramScale(options as never)).toBe(scale)
  })
})

describe('classifyDiagramError: the errors of spec.md section 8', () => {
  const cases: [string, { name?: string; message?: string } | undefined, string][] = [
    ['x'.repeat(MAX_DIAGRAM_TEXT + 1), { message: 'anything' }, 'too-large'],
    ['notADiagram', { name: 'UnknownDiagramError', message: 'No diagram type detected matching given configuration for text: notADiagram' }, 'not-found'],
    ['notADiagram', { name: 'Error', message: 'No diagram type detected matching given configuration' }, 'not-found'],
    ['---\ntitle: [x\n---\ngraph TD', { name: 'YAMLException', message: 'unexpected end of the stream' }, 'front-matter'],
    ['---\ngraph TD', { name: 'Error', message: 'Diagrams beginning with --- are not valid. If you were trying' }, 'front-matter'],
    ['---\ngraph TD\nA-->', { name: 'Error', message: 'Parse error on line 2' }, 'front-matter'],
    ['---\ntitle: ok\n---\ngraph TD\nA-->', { name: 'Error', message: 'Parse error on line 3' }, 'syntax'],
    ['graph TD\nA-->', { name: 'Error', message: 'Parse error on line 2' }, 'syntax'],
    ['graph TD', undefined, 'syntax'],
  ]
  it.each(cases)('%#: → %s', (code, error, kind) => {
    expect(classifyDiagramError(code, error)).toBe(kind)
  })
})

describe('legibleWidth: the width at which the smallest label is 14 px, at most the full size', () => {
  it.each([
    // 18 px labels across 1,013 units: drawn at least 788 px wide (a phone's column is 358).
    [1013, 1013, 18, 787.89],
    // Drawn at 1.25× by its author: the same minimum.
    [660, 825, 18, 513.33],
    // Small labels by design: never wider than the diagram at its full size.
    [400, 400, 10, 400],
    // Labels of 14 px or more read at the full size already.
    [247, 247, 18, 192.11],
  ])('%s units, %s px full, labels %s → %s px', (viewBox, full, label, width) => {
    expect(legibleWidth(viewBox, full, label)).toBe(width)
  })

  it('takes another floor', () => expect(legibleWidth(1000, 1000, 20, 12)).toBe(600))

  it.each([
    [0, 100, 18],
    [100, 0, 18],
    [100, 100, 0],
    [Number.NaN, 100, 18],
  ])('nothing to go by (%s, %s, %s) → null', (viewBox, full, label) => expect(legibleWidth(viewBox, full, label)).toBeNull())
})

describe('sizeSvg: scale × the viewBox width, never wider than the box', () => {
  const svg = '<svg id="d1x" width="100%" xmlns="http://www.w3.org/2000/svg" style="max-width: 540.5px;" viewBox="-8 -8 540.5 200" role="graphics-document document"><g/></svg>'

  it.each([
    [1, 'width: 540.5px; max-width: 100%; height: auto;'],
    [1.25, 'width: 675.63px; max-width: 100%; height: auto;'],
    [0.4, 'width: 216.2px; max-width: 100%; height: auto;'],
  ])('scale %s → %s', (scale, style) => {
    const out = sizeSvg(svg, scale)
    expect(out).toContain(`<svg style="${style}"`)
    expect(out).not.toMatch(/\swidth="/)
    expect(out).not.toContain('max-width: 540.5px')
    expect(out).toContain('viewBox="-8 -8 540.5 200"')
    expect(out).toContain('<g/></svg>')
  })

  it('only touches the root <svg> tag', () => {
    const nested = '<svg viewBox="0 0 10 10" width="10"><svg width="5" style="x"></svg></svg>'
    expect(sizeSvg(nested, 2)).toBe('<svg style="width: 20px; max-width: 100%; height: auto;" viewBox="0 0 10 10"><svg width="5" style="x"></svg></svg>')
  })

  it.each([
    ['<svg width="100"><g/></svg>'],
    ['<svg viewBox="0 0 zero 10"></svg>'],
    ['<svg viewBox="0 0 0 10"></svg>'],
  ])('without a usable viewBox it still fits its box: %s', (input) => {
    expect(sizeSvg(input, 2)).toMatch(/^<svg style="max-width: 100%; height: auto;"/)
  })

  it('leaves text that is not an SVG alone', () => {
    expect(sizeSvg('<div>no svg</div>', 2)).toBe('<div>no svg</div>')
  })
})

describe('retargetSvgIds: each copy of a cached diagram has its own ids', () => {
  it('renames every reference, and an id is never the prefix of another', () => {
    const svg = '<svg id="deck-mermaid-1x"><style>#deck-mermaid-1x .node{}</style><marker id="deck-mermaid-1x_flowchart-pointEnd"/><path marker-end="url(#deck-mermaid-1x_flowchart-pointEnd)"/><g id="deck-mermaid-10x"/></svg>'
    const out = retargetSvgIds(svg, 'deck-mermaid-1x', 'deck-mermaid-i7x')
    expect(out).not.toContain('deck-mermaid-1x')
    expect(out).toContain('url(#deck-mermaid-i7x_flowchart-pointEnd)')
    expect(out).toContain('#deck-mermaid-i7x .node')
    expect(out).toContain('id="deck-mermaid-10x"')
  })
})

describe('diagramNeighbours: what is rendered ahead while idle', () => {
  it.each([
    [1, 10, [1, 2, 3]],
    [5, 10, [5, 6, 4, 7]],
    [10, 10, [10, 9]],
    [1, 1, [1]],
    [2, 2, [2, 1]],
  ])('slide %s of %s → %j', (no, total, expected) => {
    expect(diagramNeighbours(no, total)).toEqual(expected)
  })
})

describe('classifyEmbedUrl: what an embedded page is', () => {
  const base = 'http://127.0.0.1:4182/81'
  const cases: [unknown, string, string?][] = [
    ['https://chat.example.com/', 'remote', 'https://chat.example.com/'],
    ['http://localhost:7860', 'local', '7860'],
    ['http://127.0.0.1:8080/demo', 'local', '8080'],
    ['http://[::1]:3000/', 'local', '3000'],
    ['http://demo.localhost/', 'local', '80'],
    ['https://localhost/', 'local', '443'],
    ['/demo.html', 'local', '4182'],
    ['javascript:alert(1)', 'blocked'],
    ['JaVaScRiPt:alert(1)', 'blocked'],
    [' java\tscript:alert(1)', 'blocked'],
    ['java\u0000script:alert(1)', 'blocked'],
    ['vbscript:msgbox(1)', 'blocked'],
    ['data:text/html,<script>alert(1)</script>', 'blocked'],
    ['blob:https://x/1', 'blocked'],
    ['file:///etc/passwd', 'blocked'],
    ['about:blank', 'blocked'],
    ['ftp://example.com/', 'blocked'],
    ['http://', 'blocked'],
    ['', 'none'],
    ['   ', 'none'],
    [undefined, 'none'],
    [42, 'none'],
  ]
  it.each(cases)('%j → %s', (url, kind, detail) => {
    const target = classifyEmbedUrl(url, base)
    expect(target.kind).toBe(kind)
    if (target.kind === 'local') expect(target.port).toBe(detail)
    if (target.kind === 'remote') expect(target.url).toBe(detail)
  })

  it('sandboxes embeds with scripts, same origin, forms and popups only', () => {
    expect(EMBED_SANDBOX.split(' ').sort()).toEqual(['allow-forms', 'allow-popups', 'allow-same-origin', 'allow-scripts'])
  })
})
