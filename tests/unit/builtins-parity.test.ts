// The built-ins added for Slidev parity: each compiles to its engine component, and their rules (RenderWhen's
// contexts, AutoFitText's size, Tweet's address) hold.
import { describe, expect, it } from 'vitest'
import { resolve } from 'node:path'
import { analyzeSlide } from '../../plugin/markdown/pipeline'
import { slideModuleCode } from '../../plugin/markdown/to-module'
import { rendersIn, renderWhenContexts } from '../../src/logic/render-when'
import { fittedSize } from '../../src/logic/auto-fit'
import { tweetUrl } from '../../src/logic/tweet'

const root = resolve(import.meta.dirname, '../..')
const options = { frontmatter: {}, mermaid: {}, lineNumbers: false, codeCopy: false, publicDir: resolve(root, 'public'), deckDir: root, checkDiagrams: false as const }

describe('built-in components for parity', () => {
  it.each([
    ['<LightOrDark>\n<template #dark>D</template>\n<template #light>L</template>\n</LightOrDark>', 'LightOrDark', '"dark":"D","light":"L"'],
    ['<RenderWhen context="presenter">\n\nx\n\n<template #fallback>y</template>\n</RenderWhen>', 'RenderWhen', '"fallback":"y"'],
    ['<AutoFitText :max="200" :min="50" modelValue="Hi" />', 'AutoFitText', '"max":200,"min":50,"modelValue":"Hi"'],
    ['<Tweet id="20" :scale="0.8" />', 'Tweet', '"id":"20","scale":0.8'],
  ])('%s compiles to the engine component with its props and slots', (content, name, props) => {
    const analyzed = analyzeSlide(content, options)
    expect(analyzed.messages).toEqual([])
    const code = slideModuleCode({ no: 1, hast: analyzed.hast, noteHtml: '' })
    expect(code).toContain(`import ${name} from "/src/components/builtin/${name}.tsx"`)
    expect(code).toContain(props)
  })
})

describe('RenderWhen', () => {
  it.each([
    ['presenter', 'presenter', true],
    ['presenter', 'previewNext', false],
    ['main', 'slide', true],
    ['main', 'presenter', true],
    ['main', 'overview', false],
    ['print', 'print', true],
    ['slide, overview', 'overview', true],
    ['visible', 'previewNext', true],
    [['print', 'previewNext'], 'previewNext', true],
  ] as const)('context %j in %s: %s', (context, current, shown) => {
    expect(rendersIn(context, current)).toBe(shown)
  })

  it('reads one name, a list, or an array', () => {
    expect(renderWhenContexts('slide,  print overview')).toEqual(['slide', 'print', 'overview'])
    expect(renderWhenContexts(['main'])).toEqual(['main'])
  })
})

describe('AutoFitText', () => {
  it('scales the size by how much the box is wider or narrower than the text, between min and max', () => {
    expect(fittedSize(100, 300, 600, 10, 200)).toBe(50)
    expect(fittedSize(100, 300, 100, 10, 200)).toBe(200)
    expect(fittedSize(100, 10, 600, 30, 200)).toBe(30)
    // Not laid out yet: the size stays.
    expect(fittedSize(100, 0, 600, 10, 200)).toBe(100)
  })
})

describe('Tweet', () => {
  it('links a numeric id to its post, and nothing else', () => {
    expect(tweetUrl('1390115482657726468')).toBe('https://x.com/i/status/1390115482657726468')
    expect(tweetUrl('javascript:alert(1)')).toBeNull()
    expect(tweetUrl('')).toBeNull()
  })
})

describe('VSwitch', () => {
  const compiled = (content: string) => {
    const analyzed = analyzeSlide(content, options)
    return { analyzed, code: slideModuleCode({ no: 1, hast: analyzed.hast, noteHtml: '' }) }
  }
  /** The [since, until) of each step of the switch, in order. */
  const steps = (code: string) => [...code.matchAll(/slidev-vswitch-item[^}]*?"data-click-since":"(\d+)","data-click-until":"(\d+)"/g)].map((m) => [Number(m[1]), Number(m[2])])

  it('counts its clicks as Slidev does: #N until the next slot, #N-M before M, the run as long as the last end less one', () => {
    const { analyzed, code } = compiled('<p v-click>a</p>\n\n<v-switch>\n<template #1>one</template>\n<template #2>two</template>\n<template #5-7>five</template>\n</v-switch>\n\n<p v-click>b</p>')
    expect(analyzed.messages).toEqual([])
    expect(steps(code)).toEqual([[2, 3], [3, 6], [6, 8]])
    // The click after the switch is the one after its run.
    expect(code).toMatch(/"data-click-since":"8","children":"b"/)
    expect(analyzed.clicks).toBe(8)
  })

  it('at a given click, the counter does not move; tag, child-tag and unmount are honoured', () => {
    const { analyzed, code } = compiled('<VSwitch :at="3" tag="ul" child-tag="li" unmount>\n<template #1>x</template>\n<template #2>y</template>\n</VSwitch>\n\n<p v-click>b</p>')
    expect(analyzed.messages).toEqual([])
    expect(code).toContain('_jsxs("ul",{"className":"slidev-vswitch"')
    expect(code).toContain('_jsx("li",{"className":"slidev-vswitch-item')
    expect(code).toContain('(c)=>((c.$clicks)>=(3)&&(c.$clicks)<(4))')
    expect(code).toMatch(/"data-click-since":"1","children":"b"/)
    expect(analyzed.clicks).toBe(4)
  })

  it('a slot that is not a click is left out with a warning', () => {
    const { analyzed } = compiled('<v-switch>\n<template #1>x</template>\n<template #later>y</template>\n</v-switch>')
    expect(analyzed.messages.map((m) => m.message)).toEqual(['<v-switch> slot #later is not a click (#2) nor a range of clicks (#2-4); it is left out'])
  })
})

describe('SlidevVideo', () => {
  it('compiles to the engine component; its local file ships with the deck; a missing one is a warning with its line', () => {
    const deckDir = resolve(root, 'tests/fixtures')
    const analyzed = analyzeSlide('<SlidevVideo autoplay controls>\n<source src="./parity-clip.webm" type="video/webm" />\n</SlidevVideo>\n\n<video src="./nowhere.webm"></video>', { ...options, deckDir })
    expect(analyzed.messages).toEqual([{ line: 5, message: expect.stringMatching(/^Video file not found: "\.\/nowhere\.webm"/) }])
    const code = slideModuleCode({ no: 1, hast: analyzed.hast, noteHtml: '' })
    expect(code).toContain('import SlidevVideo from "/src/components/builtin/SlidevVideo.tsx"')
    expect(code).toMatch(/import _asset\d+ from ".*tests\/fixtures\/parity-clip\.webm/)
    expect(code).toContain('"autoPlay":true')
  })
})
