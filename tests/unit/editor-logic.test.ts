// The side editor's rules in the browser: when text counts as changed, when autosave goes, and what a save's answer
// or a change on disk does to the author's text (it is never replaced without their choice).
import { describe, expect, it } from 'vitest'
import { clampEditorWidth, editReducer, initialEditState, isDirty, sameText, shouldSave, type EditEvent, type EditState } from '../../src/logic/slide-edit'
import type { SlideSource, SlideText } from '../../shared/slide-source'

const text = (content: string, note = '', frontmatter = ''): SlideText => ({ frontmatter, content, note })
const source = (content: string, revision: string, extra: Partial<SlideSource> = {}): SlideSource => ({
  no: 2,
  total: 5,
  file: 'slides.md',
  start: 10,
  line: 12,
  revision,
  eol: 'lf',
  ...text(content),
  ...extra,
})

const run = (...events: EditEvent[]): EditState => events.reduce(editReducer, initialEditState(2))
const loaded = (content = 'A', revision = 'r1') => ({ type: 'loaded', source: source(content, revision) }) as const
const typed = (value: string) => ({ type: 'edited', field: 'content', value }) as const

describe('what counts as a change', () => {
  it.each<[string, SlideText, SlideText, boolean]>([
    ['the same text', text('a'), text('a'), true],
    ['a trailing newline typed in the textarea', text('a\n\n'), text('a'), true],
    ['CRLF against LF', text('a\r\nb'), text('a\nb'), true],
    ['leading blank lines', text('\n\na'), text('a'), true],
    ['spaces around the note', text('a', '  n \n'), text('a', 'n'), true],
    ['a blank line before the YAML', text('a', '', '\nlayout: center'), text('a', '', 'layout: center'), true],
    ['a changed word', text('a b'), text('a c'), false],
    ['indentation inside the content', text('- a\n  - b'), text('- a\n- b'), false],
  ])('%s: same = %s', (_name, a, b, same) => {
    expect(sameText(a, b)).toBe(same)
  })
})

describe('autosave', () => {
  it.each<[string, EditState, boolean]>([
    ['nothing loaded yet', run(typed('x')), false],
    ['clean', run(loaded()), false],
    ['typed', run(loaded(), typed('AB')), true],
    ['typed, then a save in flight', run(loaded(), typed('AB'), { type: 'save-started', text: text('AB') }), false],
    ['typed back to what the file holds', run(loaded(), typed('AB'), typed('A\n')), false],
    ['a conflict waiting for the author', run(loaded(), typed('AB'), { type: 'conflict', message: 'changed', current: source('Z', 'r2') }), false],
    ['the very text just refused', run(loaded(), typed('AB'), { type: 'refused', message: 'no', text: text('AB') }), false],
    ['more typing after a refusal', run(loaded(), typed('AB'), { type: 'refused', message: 'no', text: text('AB') }, typed('ABC')), true],
    ['after a network failure', run(loaded(), typed('AB'), { type: 'failed', message: 'offline' }), true],
  ])('%s → %s', (_name, state, save) => {
    expect(shouldSave(state)).toBe(save)
  })
})

describe('answers to a save', () => {
  it('a saved text becomes the base with the new revision, keeping what was typed since', () => {
    const state = run(loaded(), typed('AB'), { type: 'save-started', text: text('AB') }, typed('ABC'), { type: 'saved', text: text('AB'), source: source('AB', 'r2') })
    expect(state.origin?.revision).toBe('r2')
    expect(state.base).toEqual(text('AB'))
    expect(state.draft.content).toBe('ABC')
    expect(isDirty(state)).toBe(true)
    expect(state.saves).toBe(1)
  })

  it('a conflict on this slide keeps the typed text and waits', () => {
    const state = run(loaded(), typed('mine'), { type: 'save-started', text: text('mine') }, { type: 'conflict', message: 'changed on disk', current: source('theirs', 'r2') })
    expect(state.problem).toMatchObject({ kind: 'conflict', message: 'changed on disk' })
    expect(state.draft.content).toBe('mine')
    expect(state.origin?.revision).toBe('r1')
  })

  it('a conflict from another slide of the file rebases and lets the save go again', () => {
    const state = run(loaded('A'), typed('mine'), { type: 'save-started', text: text('mine') }, { type: 'conflict', message: 'changed', current: source('A', 'r2', { start: 14 }) })
    expect(state.problem).toBeNull()
    expect(state.origin).toMatchObject({ revision: 'r2', start: 14 })
    expect(shouldSave(state)).toBe(true)
  })

  it('overwrite builds on what the file holds now and saves the typed text', () => {
    const state = run(loaded(), typed('mine'), { type: 'conflict', message: 'changed', current: source('theirs', 'r2') }, { type: 'overwrite' })
    expect(state.problem).toBeNull()
    expect(state.origin?.revision).toBe('r2')
    expect(state.base.content).toBe('theirs')
    expect(state.draft.content).toBe('mine')
    expect(shouldSave(state)).toBe(true)
  })

  it('reload from disk replaces the text with the file’s', () => {
    const state = run(loaded(), typed('mine'), { type: 'conflict', message: 'changed', current: source('theirs', 'r2') }, loaded('theirs', 'r2'))
    expect(state.draft.content).toBe('theirs')
    expect(state.problem).toBeNull()
  })

  it('a save that hid or moved the slide while more was typed is held as a conflict', () => {
    const state = run(loaded(), typed('hide me'), { type: 'save-started', text: text('hide me') }, typed('hide me!'), { type: 'saved', text: text('hide me'), source: source('next slide', 'r2', { start: 30 }) })
    expect(state.problem?.kind).toBe('conflict')
    expect(state.draft.content).toBe('hide me!')
  })
})

describe('a change on disk (hot update)', () => {
  it.each<[string, EditState, SlideSource, Partial<{ content: string; problem: string | null; revision: string }>]>([
    ['clean: the file’s new text is shown', run(loaded()), source('B', 'r2'), { content: 'B', problem: null, revision: 'r2' }],
    ['same revision: nothing happens', run(loaded(), typed('mine')), source('A', 'r1'), { content: 'mine', problem: null, revision: 'r1' }],
    ['dirty, this slide unchanged: rebased, text kept', run(loaded(), typed('mine')), source('A', 'r2'), { content: 'mine', problem: null, revision: 'r2' }],
    ['dirty, this slide changed: conflict, text kept', run(loaded(), typed('mine')), source('theirs', 'r2'), { content: 'mine', problem: 'conflict', revision: 'r1' }],
    ['dirty, the file already holds the typed text: clean', run(loaded(), typed('mine')), source('mine', 'r2'), { content: 'mine', problem: null, revision: 'r2' }],
    ['a save in flight: left to the save’s answer', run(loaded(), typed('mine'), { type: 'save-started', text: text('mine') }), source('theirs', 'r2'), { content: 'mine', problem: null, revision: 'r1' }],
  ])('%s', (_name, state, disk, expected) => {
    const next = editReducer(state, { type: 'disk', source: disk })
    expect(next.draft.content).toBe(expected.content)
    expect(next.problem?.kind ?? null).toBe(expected.problem)
    expect(next.origin?.revision).toBe(expected.revision)
  })
})

describe('the panel width', () => {
  it.each([
    [420, 1280, 420],
    [100, 1280, 240],
    [2000, 1280, 1040],
    [500, 400, 240],
    [Number.NaN, 1280, 420],
    [333.6, 1280, 334],
  ])('%d in a %d px window → %d', (width, viewport, expected) => {
    expect(clampEditorWidth(width, viewport)).toBe(expected)
  })
})
