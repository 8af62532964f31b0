// A prerendered slide's page (plugin/prerender.ts pageHtml, src/boot/paint-first.ts): its HTML carries the slide, its
// styles and its faces; the app's modules are asked for by an inline script once the slide has painted.
import { describe, expect, it } from 'vitest'
import { runInNewContext } from 'node:vm'
import prerenderPlugin, { pageHtml, type PageScripts } from '../../plugin/prerender'
import { paintFirstScript } from '../../src/boot/paint-first'
import { FACE_ARRIVAL_ATTRIBUTES, FACE_ARRIVED_ATTRIBUTE, LATER_FACES_ATTRIBUTE } from '../../shared/fonts'

const TEMPLATE = [
  '<!doctype html><html lang="zh-CN"><head><title>Slides</title>',
  '<script type="module" crossorigin src="/assets/index-a.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/react-b.js">',
  '<link rel="modulepreload" crossorigin href="/assets/router-c.js">',
  '<link rel="stylesheet" crossorigin href="/assets/index-d.css">',
  '</head><body><div id="app"></div></body></html>',
].join('\n')
const SCRIPTS: PageScripts = { earlyKeys: 'window.__keys=1', paintFirst: paintFirstScript }
const page = { url: '/5', file: '5/index.html', no: 5 }

describe('a prerendered slide page', () => {
  it('holds the slide, its styles and faces, and no script tag of the app: the loader names the entry and every module', () => {
    const html = pageHtml(TEMPLATE, page, '<div class="slidev-page-5">第五页</div>', '第五页 - 银行', ['/assets/5-e.js', '/assets/katex-f.css'], [{ file: 'assets/index-d.css', css: 'a{color:red}' }], '/', SCRIPTS, ['/assets/deck-serif-sc-400-slide-5.woff2'])
    expect(html).not.toMatch(/<script type="module"/)
    expect(html).not.toMatch(/rel="modulepreload"/)
    expect(html).toContain('<title>第五页 - 银行</title>')
    expect(html).toContain('<div id="app" data-prerendered="/5"><div class="slidev-page-5">第五页</div></div>')
    expect(html).toContain(`<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/deck-serif-sc-400-slide-5.woff2" ${FACE_ARRIVAL_ATTRIBUTES}><script>window.__keys=1</script><script>`)
    expect(html).toContain('"/assets/index-a.js"')
    expect(html).toContain('["/assets/react-b.js","/assets/router-c.js","/assets/5-e.js"]')
    expect(html).toContain('<style data-from="assets/index-d.css">a{color:red}</style>')
  })

  it('says what is wrong with a template that has no entry script', () => {
    expect(() => pageHtml(TEMPLATE.replace(/<script type="module"[^>]*><\/script>/, ''), page, '', '', [], [], '/', SCRIPTS)).toThrow(/no module script/)
  })
})

/** Runs the loader in a stand-in page: its font preloads, a window of a size, frames on demand. */
function loadPage({ faces = 2, arrivedBefore = [] as ('load' | 'error')[], paintTiming = false, portrait = false, search = '', stored = null as string | null, hidden = false, parsed = true } = {}) {
  const listeners = new Map<object, Record<string, () => void>>()
  const links = Array.from({ length: faces }, () => ({}))
  const added: { tag: string; rel?: string; href?: string; src?: string; type?: string }[] = []
  const frames: (() => void)[] = []
  const timers: { fn: () => void; ms: number }[] = []
  // A browser that reports paint timing: the loader's observer, told of the first contentful paint by `paint()`.
  const observers: ((list: { getEntriesByName: (name: string) => unknown[] }) => void)[] = []
  class PerformanceObserver {
    static supportedEntryTypes = ['paint']
    constructor(private callback: (list: { getEntriesByName: (name: string) => unknown[] }) => void) {}
    observe() {
      observers.push(this.callback)
    }
    disconnect() {
      observers.splice(observers.indexOf(this.callback), 1)
    }
  }
  const laterFaces = { disabled: true }
  const on = (target: object) => (type: string, fn: () => void) => listeners.set(target, { ...listeners.get(target), [type]: fn })
  links.forEach((link, i) => Object.assign(link, { addEventListener: on(link), getAttribute: (name: string) => (name === FACE_ARRIVED_ATTRIBUTE ? (arrivedBefore[i] ?? null) : null) }))
  const document = {
    hidden,
    readyState: parsed ? 'interactive' : 'loading',
    head: { appendChild: (el: (typeof added)[number]) => added.push(el) },
    createElement: (tag: string) => ({ tag }),
    querySelectorAll: (selector: string) => (selector.includes(LATER_FACES_ATTRIBUTE) ? [laterFaces] : links),
    addEventListener: on(listeners),
    fonts: { ready: Promise.resolve() },
  }
  runInNewContext(paintFirstScript('/assets/index.js', ['/assets/a.js']), {
    document,
    location: { search },
    localStorage: { getItem: () => stored },
    matchMedia: () => ({ matches: portrait }),
    requestAnimationFrame: (fn: () => void) => frames.push(fn),
    setTimeout: (fn: () => void, ms = 0) => timers.push({ fn, ms }),
    Promise,
    ...(paintTiming ? { PerformanceObserver } : {}),
  })
  /** Runs the frames and the timers due now; `later` also runs the timers set for later (time passes). */
  const flush = async ({ later = false } = {}) => {
    await new Promise((r) => setImmediate(r))
    const due = () => timers.filter((t) => later || t.ms === 0)
    while (frames.length || due().length) {
      frames.splice(0).forEach((fn) => fn())
      for (const timer of due()) {
        timers.splice(timers.indexOf(timer), 1)
        timer.fn()
      }
      await new Promise((r) => setImmediate(r))
    }
  }
  const paint = () => observers.slice().forEach((callback) => callback({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{}] : []) }))
  const parse = () => {
    document.readyState = 'interactive'
    listeners.get(listeners)?.DOMContentLoaded?.()
  }
  return { added, laterFaces, flush, parse, paint, fire: (index: number, type: 'load' | 'error') => listeners.get(links[index]!)![type]!() }
}

describe('the paint-first loader', () => {
  it('asks for the app once every preloaded face has arrived and a frame has shown them, later faces first', async () => {
    const page = loadPage()
    await page.flush()
    expect(page.added).toEqual([])
    page.fire(0, 'load')
    await page.flush()
    expect(page.added).toEqual([])
    page.fire(1, 'load')
    await page.flush()
    expect(page.laterFaces.disabled).toBe(false)
    expect(page.added.map((el) => el.href ?? el.src)).toEqual(['/assets/a.js', '/assets/index.js'])
    expect(page.added.map((el) => el.rel ?? el.type)).toEqual(['modulepreload', 'module'])
  })

  it("waits for the page's HTML to be parsed: faces that arrive first do not start it before the slide is drawn", async () => {
    const page = loadPage({ parsed: false })
    page.fire(0, 'load')
    page.fire(1, 'load')
    await page.flush()
    expect(page.added).toEqual([])
    page.parse()
    await page.flush()
    expect(page.added.map((el) => el.href ?? el.src)).toEqual(['/assets/a.js', '/assets/index.js'])
  })

  it('where the browser reports paint timing, waits for the first contentful paint itself (or, with nothing to paint, a second)', async () => {
    const page = loadPage({ paintTiming: true, arrivedBefore: ['load', 'load'] })
    await page.flush()
    expect(page.added).toEqual([])
    page.paint()
    await page.flush()
    expect(page.added.map((el) => el.href ?? el.src)).toEqual(['/assets/a.js', '/assets/index.js'])
    const blank = loadPage({ paintTiming: true, faces: 0 })
    await blank.flush()
    expect(blank.added).toEqual([])
    await blank.flush({ later: true })
    expect(blank.added.length).toBe(2)
  })

  it('counts a face that arrived before it ran (its link marked itself): its load event is not waited for again', async () => {
    const page = loadPage({ arrivedBefore: ['load'] })
    await page.flush()
    expect(page.added).toEqual([])
    page.fire(1, 'load')
    await page.flush()
    expect(page.added.map((el) => el.href ?? el.src)).toEqual(['/assets/a.js', '/assets/index.js'])
    const both = loadPage({ arrivedBefore: ['load', 'load'] })
    await both.flush()
    expect(both.added.length).toBe(2)
    const failed = loadPage({ arrivedBefore: ['error'] })
    expect(failed.added.length).toBe(2)
  })

  it('starts at once where the page may open as the reader, or is hidden, or a face fails', async () => {
    for (const options of [{ portrait: true }, { search: '?view=reader' }, { stored: '"reader"' }, { hidden: true }]) {
      const page = loadPage(options)
      expect(page.added.length, JSON.stringify(options)).toBe(2)
    }
    const failing = loadPage()
    failing.fire(1, 'error')
    expect(failing.added.length).toBe(2)
    // A page with no face to wait for waits for its first frame.
    const bare = loadPage({ faces: 0 })
    expect(bare.added.length).toBe(0)
    await bare.flush()
    expect(bare.added.length).toBe(2)
  })
})

describe("the prerendering's Node build", () => {
  type Resolve = (this: { environment: { name: string } }, id: string, importer: string | undefined, options: { kind: string }) => unknown
  const plugin = prerenderPlugin()
  const resolveId = (plugin.resolveId as unknown as { handler: Resolve }).handler
  const load = plugin.load as unknown as (id: string) => string | undefined
  const inNode = { environment: { name: 'ssr' } }

  it('bundles a stand-in for a package the page imports as it runs: the bundle keeps no import() for a loader to rewrite', () => {
    const id = resolveId.call(inNode, 'uqr', '/engine/src/kit/qr.tsx', { kind: 'dynamic-import' })
    expect(id).toEqual(expect.stringContaining('uqr'))
    const code = load(id as string)!
    expect(code).not.toMatch(/\bimport\s*\(/)
    expect(() => runInNewContext(code)).toThrow('uqr is loaded in the browser only')
    // Monaco's editor, a relative import, gets one too; the page's own lazy modules and other builds are left alone.
    expect(resolveId.call(inNode, './editor', '/engine/src/features/monaco/load.ts', { kind: 'dynamic-import' })).toEqual(expect.stringContaining('./editor'))
    expect(resolveId.call(inNode, '../components/Embed', '/engine/src/stage/slide.tsx', { kind: 'dynamic-import' })).toBeUndefined()
    expect(resolveId.call(inNode, 'virtual:deck/slide/3', '/engine/src/state/slides.ts', { kind: 'dynamic-import' })).toBeUndefined()
    expect(resolveId.call(inNode, 'react-dom/server', '/engine/src/prerender.tsx', { kind: 'import-statement' })).toBeUndefined()
    expect(resolveId.call({ environment: { name: 'client' } }, 'uqr', '/engine/src/kit/qr.tsx', { kind: 'dynamic-import' })).toBeUndefined()
    expect(load('/engine/src/main.tsx')).toBeUndefined()
  })
})
