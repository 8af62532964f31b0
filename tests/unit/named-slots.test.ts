// Named slots: `<template #name>` inside a component tag fills that prop (`#default` the children), for the engine's
// components and a deck's own; written inline, on its own line or after a blank line; clicks inside counted in order.
import { describe, expect, it } from 'vitest'
import { resolve } from 'node:path'
import { createElement as h, type ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { analyzeSlide } from '../../plugin/markdown/pipeline'
import { slideModuleCode } from '../../plugin/markdown/to-module'
import { slotTemplatesAsHtml } from '../../plugin/markdown/remark-component-tags'
import { runSlideModule } from './helpers/run-module'

const root = resolve(import.meta.dirname, '../..')
const options = { frontmatter: {}, mermaid: {}, lineNumbers: false, codeCopy: false, publicDir: resolve(root, 'public'), deckDir: root, checkDiagrams: false as const, deckComponents: ['deck-panel'] }
const PANEL = '/deck/components/Panel.tsx'

function Panel({ title, footer, children }: { title?: ReactNode; footer?: ReactNode; children?: ReactNode }) {
  return h('section', null, h('header', null, title), h('main', null, children), h('footer', null, footer))
}

/** The slide compiled and its default slot rendered with the test's Panel. */
function render(content: string) {
  const analyzed = analyzeSlide(content, options)
  const code = slideModuleCode({ no: 1, hast: analyzed.hast, noteHtml: '', deckComponents: { 'deck-panel': { name: 'Deck_Panel', from: PANEL } } })
  const { slots } = runSlideModule(code, { [PANEL]: Panel }) as { slots: Record<string, ReactNode> }
  return { html: renderToStaticMarkup(h('div', null, slots.default)), analyzed, code }
}

describe('named slots', () => {
  it('fill the props they name; what is outside every template is the children', () => {
    const { html, analyzed } = render('<Panel>\n<template #title>\n\nThe **title**\n\n</template>\n\n<p>Body</p>\n\n<template #footer>\n<i>end</i>\n</template>\n</Panel>')
    expect(analyzed.messages).toEqual([])
    expect(html).toBe('<div><section><header><p>The <strong>title</strong></p></header><main><p>Body</p></main><footer><i>end</i></footer></section></div>')
  })

  it('#default is the children; v-slot:name is the same as #name; a template written inline in a line of text works', () => {
    const { html } = render('<Panel>\n\n<template #default>\n\nDefault\n\n</template>\n\n<template v-slot:title>Inline title</template>\n\n</Panel>')
    expect(html).toBe('<div><section><header>Inline title</header><main><p>Default</p></main><footer></footer></section></div>')
  })

  it('a kebab-case slot name is the camelCase prop, as in Vue', () => {
    const { code } = render('<Panel>\n<template #foot-note>x</template>\n</Panel>')
    expect(code).toContain('"footNote":"x"')
  })

  it('counts a click inside a slot in document order', () => {
    const { analyzed, html } = render('<p v-click>one</p>\n\n<Panel>\n<template #title>\n<b v-click>two</b>\n</template>\n\n<i v-click>three</i>\n\n</Panel>')
    expect(analyzed.clicks).toBe(3)
    expect(html).toContain('<header><b class="slidev-vclick-target slidev-vclick-hidden" aria-hidden="true" data-click-since="2">two</b></header>')
    expect(html).toContain('data-click-since="3">three</i>')
  })

  it('a template outside a component shows its content in place, with a warning naming its line', () => {
    const { html, analyzed } = render('# T\n\n<div>\n<template #x>\n\nkept\n\n</template>\n</div>')
    expect(analyzed.messages).toEqual([{ line: 4, message: '<template #x> is not directly inside a component tag; its content is shown in place' }])
    expect(html).toContain('<p>kept</p>')
  })

  it('code keeps the template as the author wrote it', () => {
    const source = '```html\n<template #dark>x</template>\n```\n\n`<template #light>` and <template #a>'
    expect(slotTemplatesAsHtml(source)).toBe('```html\n<template #dark>x</template>\n```\n\n`<template #light>` and <template v-slot:a>')
    const { html } = render('```html\n<template #dark>x</template>\n```')
    expect(html).toContain('#dark')
  })
})
