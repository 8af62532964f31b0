// The side editor's rules as a pure state machine: when text is dirty, when to save, and what a save's answer or a
// change on disk does, so that the author's text is never replaced by anything they did not ask for.
import { normalizeSlideText, type SlideOrigin, type SlideSource, type SlideText } from '../../shared/slide-source'

export type EditProblem =
  /** The file changed on disk (or the slide moved) since the text was read: writes wait for the author's choice. */
  | { kind: 'conflict'; message: string; current: SlideSource }
  /** The server would not write this text (it would split the slide, bad YAML…): waits for the next edit. */
  | { kind: 'refused'; message: string; text: SlideText }
  /** The request failed (network, 403, 500): the next edit or a manual save tries again. */
  | { kind: 'failed'; message: string }

export interface EditState {
  no: number
  /** null while the slide loads, or when it could not be loaded (then `loadError` says why). */
  origin: SlideOrigin | null
  loadError: string | null
  /** The text the file holds at `origin.revision`, as far as the editor knows. */
  base: SlideText
  /** The text in the editor. */
  draft: SlideText
  /** The text of the write in flight, if one is. */
  saving: SlideText | null
  problem: EditProblem | null
  /** How many writes this editor made, so the author sees "saved" only after one. */
  saves: number
}

export type EditEvent =
  | { type: 'loaded'; source: SlideSource }
  | { type: 'load-failed'; message: string }
  | { type: 'edited'; field: keyof SlideText; value: string }
  | { type: 'save-started'; text: SlideText }
  | { type: 'saved'; text: SlideText; source: SlideSource }
  | { type: 'conflict'; message: string; current: SlideSource }
  | { type: 'refused'; message: string; text: SlideText }
  | { type: 'failed'; message: string }
  /** The file was read again (after a hot update): what it holds now. */
  | { type: 'disk'; source: SlideSource }
  /** The author chose to write their text over the file's after a conflict. */
  | { type: 'overwrite' }

const EMPTY: SlideText = { frontmatter: '', content: '', note: '' }

export function initialEditState(no: number): EditState {
  return { no, origin: null, loadError: null, base: EMPTY, draft: EMPTY, saving: null, problem: null, saves: 0 }
}

export const textOf = (source: SlideText): SlideText => ({ frontmatter: source.frontmatter, content: source.content, note: source.note })

const originOf = ({ no, total, file, start, line, revision, eol }: SlideSource): SlideOrigin => ({ no, total, file, start, line, revision, eol })

/** Whether two texts would be written the same (a trailing newline typed in a textarea is no change). */
export function sameText(a: SlideText, b: SlideText): boolean {
  const x = normalizeSlideText(a)
  const y = normalizeSlideText(b)
  return x.frontmatter === y.frontmatter && x.content === y.content && x.note === y.note
}

/** The editor holds text the file does not. */
export function isDirty(state: EditState): boolean {
  return state.origin !== null && !sameText(state.draft, state.base)
}

/** Whether an autosave should go now: dirty, nothing in flight, no conflict waiting, not the text just refused. */
export function shouldSave(state: EditState): boolean {
  if (!isDirty(state) || state.saving) return false
  if (state.problem?.kind === 'conflict') return false
  if (state.problem?.kind === 'refused' && sameText(state.problem.text, state.draft)) return false
  return true
}

export function editReducer(state: EditState, event: EditEvent): EditState {
  switch (event.type) {
    case 'loaded':
      // Reading the slide (first time, or "reload from disk"): the file's text replaces the editor's.
      return { ...state, origin: originOf(event.source), loadError: null, base: textOf(event.source), draft: textOf(event.source), saving: null, problem: null }
    case 'load-failed':
      return { ...state, loadError: event.message }
    case 'edited':
      return { ...state, draft: { ...state.draft, [event.field]: event.value } }
    case 'save-started':
      return { ...state, saving: event.text }
    case 'saved': {
      const moved = state.origin && (event.source.file !== state.origin.file || event.source.start !== state.origin.start)
      if (moved) {
        // The text made the slide hide or move (`hide:`, `src:`): its number now names another slide.
        if (sameText(state.draft, event.text)) return { ...editReducer(state, { type: 'loaded', source: event.source }), saves: state.saves + 1 }
        return { ...state, base: event.text, saving: null, saves: state.saves + 1, problem: { kind: 'conflict', message: `Slide ${state.no} is now another slide (the last save hid or moved it); your latest text is kept here.`, current: event.source } }
      }
      // The file now holds the text sent (the server's reading of it differs only in spacing); any problem is over.
      return { ...state, origin: originOf(event.source), base: event.text, saving: null, problem: null, saves: state.saves + 1 }
    }
    case 'conflict':
      // The file changed but this slide still holds what the editor based its text on (another slide was saved, lines
      // moved), or already holds the editor's text: build on the new revision; only another text here is a conflict.
      if (sameText(textOf(event.current), state.draft)) return { ...state, origin: originOf(event.current), base: textOf(event.current), saving: null, problem: null }
      if (sameText(textOf(event.current), state.base)) return { ...state, origin: originOf(event.current), saving: null, problem: null }
      return { ...state, saving: null, problem: { kind: 'conflict', message: event.message, current: event.current } }
    case 'refused':
      return { ...state, saving: null, problem: { kind: 'refused', message: event.message, text: event.text } }
    case 'failed':
      return { ...state, saving: null, problem: { kind: 'failed', message: event.message } }
    case 'overwrite':
      // The next save goes against what the file holds now, with the editor's text.
      if (state.problem?.kind !== 'conflict') return state
      return { ...state, origin: originOf(state.problem.current), base: textOf(state.problem.current), problem: null }
    case 'disk': {
      const origin = state.origin
      // A write in flight will learn of any change itself (its answer is a conflict or the new revision).
      if (!origin || state.saving) return state
      if (event.source.revision === origin.revision && event.source.file === origin.file && event.source.start === origin.start) return state
      if (!isDirty(state) || sameText(textOf(event.source), state.draft)) return editReducer(state, { type: 'loaded', source: event.source })
      if (state.problem?.kind === 'conflict') return { ...state, problem: { ...state.problem, current: event.source } }
      // The file changed elsewhere but not this slide: the editor's text now builds on the new revision.
      if (sameText(textOf(event.source), state.base)) return { ...state, origin: originOf(event.source) }
      return {
        ...state,
        problem: { kind: 'conflict', message: `${event.source.file} changed on disk, this slide included, while it had unsaved text.`, current: event.source },
      }
    }
  }
}

export const EDITOR_MIN_WIDTH = 240

/** The panel's width: at least 240 px, and never so wide that less than 240 px of slide is left. */
export function clampEditorWidth(width: number, viewport: number): number {
  const max = Math.max(EDITOR_MIN_WIDTH, viewport - EDITOR_MIN_WIDTH)
  if (!Number.isFinite(width)) return Math.min(420, max)
  return Math.round(Math.min(max, Math.max(EDITOR_MIN_WIDTH, width)))
}
