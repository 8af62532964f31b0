// The reader view's rules: when a play page opens as the reader, the addresses it keeps, which slide is being read,
// and how a slide's elements become part of an article.
import { describe, expect, it } from 'vitest'
import { createElement as h, isValidElement, type ReactElement, type ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { opensInReader, readerSearch, slidesSearch, slideAtReadingLine, slideOfAnchor, storedViewChoice } from '../../src/logic/reader'
import { notesForArticle, textOf, toArticle } from '../../src/features/reader/article'

describe('when a play page opens as the reader', () => {
  const phone = { width: 390, height: 844 }
  const laptop = { width: 1280, height: 720 }
  const cases: [string, Parameters<typeof opensInReader>[0], boolean][] = [
    ['a phone held upright', { search: '', stored: null, ...phone }, true],
    ['a phone on its side', { search: '', stored: null, width: 844, height: 390 }, false],
    ['a laptop', { search: '', stored: null, ...laptop }, false],
    ['a narrow window just at the breakpoint', { search: '', stored: null, width: 640, height: 900 }, false],
    ['a phone whose viewer chose the slides', { search: '', stored: 'slides', ...phone }, false],
    ['a laptop whose viewer chose the reader', { search: '', stored: 'reader', ...laptop }, true],
    ['an address asking for it', { search: '?view=reader', stored: 'slides', ...laptop }, true],
    ['an address asking for the slides', { search: '?view=slides', stored: 'reader', ...phone }, false],
    ['?embedded on a phone', { search: '?embedded', stored: null, ...phone }, false],
    ['?embedded even when asked for', { search: '?embedded&view=reader', stored: 'reader', ...phone }, false],
    ['a print page', { search: '?print', stored: 'reader', ...phone }, false],
  ]
  it.each(cases)('%s', (_, entry, expected) => expect(opensInReader(entry)).toBe(expected))

  it('reads the remembered choice bare or JSON-quoted, and nothing else', () => {
    expect(storedViewChoice('reader')).toBe('reader')
    expect(storedViewChoice('"slides"')).toBe('slides')
    expect(storedViewChoice(null)).toBeNull()
    expect(storedViewChoice('book')).toBeNull()
    expect(storedViewChoice('')).toBeNull()
  })
})

describe('addresses', () => {
  it('the reader keeps the query but click steps; the slides drop the view', () => {
    expect(readerSearch('')).toBe('?view=reader')
    expect(readerSearch('?clicks=2&password=a%20b')).toBe('?password=a+b&view=reader')
    expect(readerSearch('?view=reader')).toBe('?view=reader')
    expect(slidesSearch('?view=reader')).toBe('')
    expect(slidesSearch('?password=x&view=reader')).toBe('?password=x')
  })

  it('a section fragment names a slide of the deck, or nothing', () => {
    expect(slideOfAnchor('#slide-12', 107)).toBe(12)
    expect(slideOfAnchor('slide-107', 107)).toBe(107)
    expect(slideOfAnchor('#slide-108', 107)).toBeNull()
    expect(slideOfAnchor('#slide-0', 107)).toBeNull()
    expect(slideOfAnchor('#intro', 107)).toBeNull()
    expect(slideOfAnchor('', 107)).toBeNull()
  })
})

describe('the slide being read', () => {
  const cases: [number[], number][] = [
    [[10, 400, 900], 1], // nothing has reached the line yet: the first
    [[0, 400, 900], 1],
    [[-300, 5, 900], 1],
    [[-300, -1, 900], 2],
    [[-3000, -2000, -10], 3],
    [[-5], 1],
  ]
  it.each(cases)('tops %j → slide %i', (tops, no) => expect(slideAtReadingLine(tops)).toBe(no))
})

describe('a slide as part of the article', () => {
  const options = { title: '存款：黄金换成一张收据', tableLabel: '表格' }
  const html = (slots: Record<string, ReactNode>) => Object.fromEntries(Object.entries(slots).map(([k, v]) => [k, renderToStaticMarkup(h('div', null, v))]))

  it('drops the heading that repeats the title and demotes the others under the section heading', () => {
    const slot = [h('h1', { key: 'a' }, '存款：黄金换成一张收据'), h('h2', { key: 'b' }, '要点'), h('h1', { key: 'c', className: 'x' }, '再一个 h1')]
    const out = html(toArticle({ default: slot }, options))
    expect(out.default).toBe('<div><h4>要点</h4><h3 class="x">再一个 h1</h3></div>')
  })

  it('keeps an h1 that is not the title, and drops only the first that is', () => {
    const out = html(toArticle({ default: [h('h1', { key: 1 }, '封面'), h('h1', { key: 2 }, ['存款：', h('b', { key: 'b' }, '黄金换成一张收据')])] }, options))
    expect(out.default).toBe('<div><h3>封面</h3></div>')
  })

  it('boxes tables (a labelled, focusable region that can scroll) and loads images lazily, however deep', () => {
    const table = h('table', null, h('tbody', null, h('tr', null, h('td', null, '1'))))
    const out = html(toArticle({ left: h('div', { className: 'grid' }, h('p', null, h('img', { src: '/a.svg', alt: 'a' }))), right: table }, options))
    expect(out.left).toBe('<div><div class="grid"><p><img src="/a.svg" alt="a" loading="lazy"/></p></div></div>')
    expect(out.right).toBe('<div><div class="deck-reader-table" role="region" aria-label="表格" tabindex="0"><table><tbody><tr><td>1</td></tr></tbody></table></div></div>')
  })

  it('passes components through with their props, and walks their children', () => {
    function Box({ children, tone }: { children?: ReactNode; tone: string }) {
      return h('section', { 'data-tone': tone }, children)
    }
    const out = toArticle({ default: h(Box, { tone: 'warm' }, h('h2', null, 'x')) }, options)
    const box = out.default as ReactElement<{ tone: string; children: ReactNode }>
    expect(isValidElement(box) && box.type).toBe(Box)
    expect(box.props.tone).toBe('warm')
    expect(renderToStaticMarkup(box)).toBe('<section data-tone="warm"><h4>x</h4></section>')
  })

  it('shows every click step: no hidden class, nothing hidden from screen readers', () => {
    const slot = h('li', { className: 'slidev-vclick-target slidev-vclick-hidden', 'data-click-since': '2', 'aria-hidden': 'true' }, h('img', { src: '/a.svg', alt: 'a' }))
    expect(html(toArticle({ default: slot }, options)).default).toBe('<div><li class="slidev-vclick-target" data-click-shown="2"><img src="/a.svg" alt="a" loading="lazy"/></li></div>')
  })

  it('reads text through nested elements', () => {
    expect(textOf(['a', h('b', null, 'b', 1), null, false])).toBe('ab1')
  })

  it('points slide links in notes into the page', () => {
    expect(notesForArticle('<p>见 <deck-link to="12" class="slidev-link">风险</deck-link></p>')).toBe(
      '<p>见 <a href="#slide-12" data-slide-link="12" class="slidev-link">风险</a></p>',
    )
  })
})
