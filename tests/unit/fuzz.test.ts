// Property-based tests (issue 34 item 5): random and mutated decks through the parser and the whole Markdown pipeline
// (no crash, no hang, every error and warning at a line inside the file), random messages through the sync protocol's
// checks (nothing invalid gets through, nothing valid is refused). Runs are bounded: the file takes a few seconds.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { parseDeck } from '../../shared/parser/parse'
import { analyzeSlide, highlightSlide, type SlideCompileOptions } from '../../plugin/markdown/pipeline'
import { LIMITS, applyPatch, initialSharedState, parseClientMessage, parsePatch, parseServerMessage, parseSharedState } from '../../shared/sync-protocol'

/** A case that takes longer than this is a hang as far as a deck author is concerned. */
const CASE_LIMIT_MS = 3000
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000)

// --- Decks: built from the pieces of Slidev's dialect, then mutated ----------------------------------------------------

const line = fc.oneof(
  fc.constantFrom(
    '---', '----', '--- section', '', ' ', '# Title', '## Sub', 'text with **bold** and `code`', '- item', '1. one',
    '```', '```js', '```ts {1|2}', '```mermaid', '```mermaid {theme: \'neutral\', scale: 0.8}', '~~~', '````', '```yaml',
    'graph TD; A-->B', 'sequenceDiagram', '<!--', '-->', '<!-- note -->', '<!-- a\n---\nb -->', '[click]',
    '<v-click>', '</v-click>', '<v-clicks depth="2">', '</v-clicks>', '<div v-click="3">x</div>', '<p v-after>y</p>',
    '<span v-click.hide>z</span>', '<div v-click="[2,4]">w</div>', "<div v-click=\"'+2'\">v</div>", '::left::', '::right::',
    '::default::', '$x^2$', '$$', '\\frac{a}{b}', '$$\n\\sum_i x_i\n$$', '$\\badcommand{$', '<div class="a">', '</div>',
    '<script>alert(1)</script>', '<style>h1{color:red}</style>', '<img src="/missing.png">', '<a href="javascript:x()">a</a>',
    '<Link to="2">go</Link>', '<Toc />', '<Unknown prop="1" />', '[to 2](/2)', '[far](/999)', '| a | b |', '|---|---|',
    'layout: center', 'transition: 42', 'clicks: "x"', 'clicks: 3', 'layout: 3', 'title: T', 'src: ./missing.md',
    'hide: true', 'duration: 5min', 'duration: soon', 'theme: seriph', ': bad: yaml:', '  - list: [', '{', '"unclosed',
    '<mdi-home />', '<carbon-unknown-icon />', '{{ $slidev.nav.currentPage }}', '\t', '\r', '\u00a0', '中文标题', '<<< @/snippets/x.ts',
  ),
  fc.string({ maxLength: 30 }),
)

const deckText = fc.array(line, { maxLength: 40 }).map((lines) => lines.join('\n'))

/** Mutations an editor makes by accident: a character dropped, doubled or inserted, lines swapped. */
const mutated = fc.tuple(deckText, fc.array(fc.tuple(fc.nat(), fc.constantFrom('drop', 'double', 'insert', 'swap'), fc.constantFrom('-', '`', '<', '>', '\n', ':', '$', '{', '"')), { maxLength: 6 })).map(([text, edits]) => {
  let out = text
  for (const [at, kind, char] of edits) {
    const i = out.length ? at % out.length : 0
    if (kind === 'drop') out = out.slice(0, i) + out.slice(i + 1)
    else if (kind === 'double') out = out.slice(0, i) + out.slice(i, i + 1) + out.slice(i)
    else if (kind === 'insert') out = out.slice(0, i) + char + out.slice(i)
    else {
      const lines = out.split('\n')
      const a = at % Math.max(1, lines.length)
      const b = (a + 1) % Math.max(1, lines.length)
      ;[lines[a], lines[b]] = [lines[b] ?? '', lines[a] ?? '']
      out = lines.join('\n')
    }
  }
  return out
})

const anyDeck = fc.oneof(deckText, mutated, fc.string({ maxLength: 400 }))

function timed<T>(run: () => T): T {
  const started = performance.now()
  const result = run()
  expect(performance.now() - started, 'one case took too long').toBeLessThan(CASE_LIMIT_MS)
  return result
}

const compileOptions: SlideCompileOptions = { frontmatter: {}, mermaid: {}, lineNumbers: false, codeCopy: false, publicDir: '/nonexistent', deckDir: '/nonexistent', checkDiagrams: false }

describe('the parser on random decks', () => {
  it('never throws and names a line inside the file for every error and warning', () => {
    fc.assert(
      fc.property(anyDeck, (source) => {
        const deck = timed(() => parseDeck(source, { filepath: '/deck/slides.md', readFile: () => undefined }))
        const lineCount = source.split('\n').length
        for (const problem of [...deck.errors, ...deck.warnings]) {
          expect(Number.isInteger(problem.line), problem.message).toBe(true)
          expect(problem.line, problem.message).toBeGreaterThanOrEqual(1)
          expect(problem.line, problem.message).toBeLessThanOrEqual(lineCount)
          expect(problem.message.length).toBeGreaterThan(0)
        }
        // The parts give the source back, and every slide lies inside the file.
        expect(deck.parts.map((p) => p.raw).join('\n')).toBe(source)
        for (const slide of deck.slides) {
          expect(slide.start).toBeGreaterThanOrEqual(0)
          expect(slide.end).toBeLessThanOrEqual(lineCount)
          expect(slide.start).toBeLessThanOrEqual(slide.end)
        }
      }),
      { numRuns: 300, seed: SEED },
    )
  })
})

describe('the Markdown pipeline on random slides', () => {
  it('analyses and highlights without throwing; every message names a line of the slide', async () => {
    await fc.assert(
      fc.asyncProperty(anyDeck, async (source) => {
        const deck = parseDeck(source, { filepath: '/deck/slides.md', readFile: () => undefined })
        for (const slide of deck.slides.slice(0, 4)) {
          const started = performance.now()
          const analyzed = analyzeSlide(slide.content, { ...compileOptions, frontmatter: slide.frontmatter })
          await highlightSlide(analyzed.hast, compileOptions)
          expect(performance.now() - started, 'one slide took too long').toBeLessThan(CASE_LIMIT_MS)
          const lines = slide.content.split('\n').length
          for (const m of analyzed.messages) {
            if (m.line === undefined) continue
            expect(m.line, m.message).toBeGreaterThanOrEqual(1)
            expect(m.line, m.message).toBeLessThanOrEqual(lines)
          }
          expect(Number.isInteger(analyzed.clicks) && analyzed.clicks >= 0).toBe(true)
        }
      }),
      { numRuns: 60, seed: SEED },
    )
  })
})

// --- The sync protocol: valid messages by construction, invalid ones by one defect ------------------------------------

const time = fc.integer({ min: 0, max: 1e15 })
const id = fc.stringMatching(/^[\w-]{1,64}$/)
const validPatchFields = {
  page: fc.integer({ min: 1, max: LIMITS.maxPage }),
  clicks: fc.integer({ min: 0, max: LIMITS.maxClicks }),
  viewerPage: fc.integer({ min: 1, max: LIMITS.maxPage }),
  viewerClicks: fc.integer({ min: 0, max: LIMITS.maxClicks }),
  timer: fc.record({ status: fc.constantFrom('stopped', 'running', 'paused'), elapsed: time, since: time }),
  cursor: fc.option(fc.record({ x: fc.double({ min: -LIMITS.maxCoordinate, max: LIMITS.maxCoordinate, noNaN: true }), y: fc.double({ min: -LIMITS.maxCoordinate, max: LIMITS.maxCoordinate, noNaN: true }) })),
  drawings: fc.dictionary(fc.integer({ min: 1, max: 99999 }).map(String), fc.string({ maxLength: 50 }), { maxKeys: 4 }),
  blackout: fc.constantFrom('none', 'black', 'white'),
  widgets: fc.dictionary(fc.stringMatching(/^[\w.:-]{1,64}$/), fc.oneof(fc.constant(null), fc.jsonValue({ maxDepth: 2 })), { maxKeys: 4 }),
  lastUpdate: fc.option(fc.record({ id, type: fc.constantFrom('presenter', 'viewer'), time })),
}
const validPatch = fc.record(validPatchFields, { requiredKeys: [] }).filter((p) => Object.keys(p).length > 0)
const validClientMessage = fc.oneof(
  fc.record({ type: fc.constant('hello'), password: fc.string({ maxLength: LIMITS.maxPasswordLength }) }, { requiredKeys: ['type'] }),
  validPatch.map((patch) => ({ type: 'patch', patch })),
  fc.constant({ type: 'pair' }),
  fc.stringMatching(/^d[0-9a-f]{4,32}$/).map((device) => ({ type: 'revoke', device })),
)

/** One defect that makes a valid patch invalid: a field of the wrong type or out of range, or one nobody knows. */
const defect = fc.oneof(
  fc.constantFrom(
    ['page', 0], ['page', LIMITS.maxPage + 1], ['page', 1.5], ['page', '3'], ['clicks', -1], ['clicks', null], ['viewerPage', NaN],
    ['timer', { status: 'walking', elapsed: 0, since: 0 }], ['timer', { status: 'running', elapsed: -1, since: 0 }], ['timer', { status: 'running', elapsed: 0, since: 0, extra: 1 }],
    ['cursor', { x: Infinity, y: 0 }], ['cursor', { x: 0 }], ['cursor', [1, 2]], ['drawings', { '0': '' }], ['drawings', { abc: '' }], ['drawings', { '3': 5 }],
    ['drawings', { '3': 'x'.repeat(LIMITS.maxDrawingChars + 1) }], ['blackout', 'grey'], ['blackout', true], ['widgets', { 'bad key!': 1 }], ['widgets', { k: 'x'.repeat(LIMITS.maxWidgetChars) }],
    ['widgets', []], ['lastUpdate', { id: '', type: 'presenter', time: 0 }], ['lastUpdate', { id: 'a', type: 'admin', time: 0 }], ['lastUpdate', { id: 'a', type: 'viewer', time: -5 }],
    ['__proto__x', 1], ['state', {}], ['password', 'x'],
  ) as fc.Arbitrary<[string, unknown]>,
  fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !(k in validPatchFields)).map((k) => [k, 1] as [string, unknown]),
)

describe('the sync protocol on random messages', () => {
  it('accepts every valid message, unchanged', () => {
    fc.assert(
      fc.property(validClientMessage, (message) => {
        const checked = parseClientMessage(JSON.parse(JSON.stringify(message)))
        expect(checked).toEqual({ ok: true, value: JSON.parse(JSON.stringify(message)) })
      }),
      { numRuns: 500, seed: SEED },
    )
  })

  it('refuses a valid patch with one defect, naming a reason', () => {
    fc.assert(
      fc.property(validPatch, defect, (patch, [key, value]) => {
        const checked = parseClientMessage({ type: 'patch', patch: { ...patch, [key]: value } })
        expect(checked.ok).toBe(false)
        if (!checked.ok) expect(checked.reason.length).toBeGreaterThan(0)
      }),
      { numRuns: 500, seed: SEED },
    )
  })

  it('refuses messages with a defect in their envelope', () => {
    const envelope = fc.oneof(
      fc.constant<unknown>(null), fc.constant<unknown>([]), fc.string(), fc.integer(),
      fc.record({ type: fc.string().filter((t) => !['hello', 'patch', 'pair', 'revoke'].includes(t)) }),
      fc.record({ type: fc.constant('hello'), password: fc.oneof(fc.integer(), fc.string({ minLength: LIMITS.maxPasswordLength + 1, maxLength: LIMITS.maxPasswordLength + 5 })) }),
      fc.record({ type: fc.constant('hello'), extra: fc.anything() }),
      fc.record({ type: fc.constant('patch'), patch: fc.oneof(fc.constant({}), fc.constant(null), fc.array(fc.integer())) }),
      fc.record({ type: fc.constant('pair'), device: fc.string() }),
      fc.record({ type: fc.constant('revoke'), device: fc.string().filter((d) => !/^d[0-9a-f]{4,32}$/.test(d)) }),
    )
    fc.assert(fc.property(envelope, (message) => {
      expect(parseClientMessage(message).ok).toBe(false)
    }), { numRuns: 500, seed: SEED })
  })

  it('whatever random JSON gets through is valid by construction: applying it keeps the state valid', () => {
    const randomPatch = fc.dictionary(fc.constantFrom(...Object.keys(validPatchFields), 'other'), fc.jsonValue({ maxDepth: 3 }), { minKeys: 1, maxKeys: 4 })
    fc.assert(
      fc.property(fc.oneof(randomPatch, validPatch), (patch) => {
        const checked = parsePatch(patch)
        if (!checked.ok) return
        const state = applyPatch(initialSharedState(), checked.value)
        expect(parseSharedState(JSON.parse(JSON.stringify(state))).ok).toBe(true)
        // What a relay sends on is accepted by every window.
        expect(parseServerMessage({ type: 'patch', patch: checked.value }).ok).toBe(true)
        expect(parseServerMessage({ type: 'welcome', canWrite: false, passwordRequired: true, state }).ok).toBe(true)
      }),
      { numRuns: 500, seed: SEED },
    )
  })
})
