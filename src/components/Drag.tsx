// Slidev's v-drag / <v-drag>: an element placed at its slide's frontmatter `dragPos` (or the place written on it), in
// slide pixels; one without a place stays where the slide puts it (see dragStyle). In the dev
// server's play view a named element is moved by double-clicking it: a frame with handles (features/drag/DragFrame),
// which writes the new place into the deck file. Everywhere else (a build, the presenter, overview, print, reader,
// exports) it only stands at its place.
import { Suspense, createElement, lazy, useCallback, useContext, useEffect, useRef, useState, type CSSProperties, type ComponentType, type KeyboardEvent, type Ref } from 'react'
import { useAtomValue } from 'jotai'
import { configAtom, slidesAtom } from '../state/deck'
import { viewModeAtom } from '../state/nav'
import { DeckPositionContext, SlideRenderContext, useSlideNo } from '../state/slide-context'
import { formatDragPos, parseDragPos, type DragPos, type DragSpec } from '../../shared/drag'
import { dragStyle } from '../logic/drag-frame'

const DragFrame = import.meta.env.DEV ? lazy(() => import('../features/drag/DragFrame')) : null

export interface DragProps {
  /** The element (a tag or a component). */
  as: string | ComponentType<Record<string, unknown>>
  drag: DragSpec
  ref?: Ref<HTMLElement>
  style?: CSSProperties
  [prop: string]: unknown
}

/** The place the slide's frontmatter holds for `name`, or null. */
function storedPlace(frontmatter: Record<string, unknown> | undefined, name: string): DragPos | null {
  const dragPos = frontmatter?.dragPos
  return dragPos && typeof dragPos === 'object' ? parseDragPos((dragPos as Record<string, unknown>)[name]) : null
}

function setRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value)
  else if (ref) ref.current = value
}

export default function Drag({ as, drag, ref, style, ...props }: DragProps) {
  const no = useSlideNo()
  const slide = useAtomValue(slidesAtom)[(no ?? 0) - 1]
  const config = useAtomValue(configAtom)
  const mode = useAtomValue(viewModeAtom)
  const position = useContext(DeckPositionContext)
  const place = useContext(SlideRenderContext)
  const name = 'name' in drag ? drag.name : null
  const stored = name === null ? ('pos' in drag ? drag.pos : null) : storedPlace(slide?.frontmatter, name)
  // Where the frame put it: shown until the file's hot update brings the same place (then the file's place rules again).
  const [moved, setMoved] = useState<DragPos | null>(null)
  const [editing, setEditing] = useState(false)
  const element = useRef<HTMLElement | null>(null)
  const pos = moved ?? stored
  const storedText = stored ? formatDragPos(stored) : null
  useEffect(() => {
    if (moved && !editing && storedText === formatDragPos(moved)) setMoved(null)
  }, [moved, editing, storedText])
  // Only a named element can be written back, and only in the dev server's play view (the side editor's place).
  const editable = DragFrame !== null && name !== null && no !== null && config.editor !== false && mode === 'play' && place === null && position !== null
  const open = editable && editing && DragFrame !== null
  const endEditing = useCallback(() => setEditing(false), [])
  const attach = useCallback(
    (node: HTMLElement | null) => {
      element.current = node
      setRef(ref, node)
    },
    [ref],
  )
  const rendered = createElement(as, {
    ...props,
    ref: attach,
    style: { ...style, ...dragStyle(pos) },
    'data-drag-id': name ?? undefined,
    'data-drag-editing': open ? '' : undefined,
    // A click on it is the start of a double-click, not the play view's "click the slide to go on".
    'data-no-nav': editable ? '' : props['data-no-nav'],
    onDoubleClick: editable
      ? () => {
          // The double click selected a word: the frame takes the pointer from here.
          window.getSelection()?.removeAllRanges()
          setEditing(true)
        }
      : props.onDoubleClick,
    // From the keyboard: Tab reaches it, Enter opens the frame (which then has the keys).
    ...(editable
      ? {
          tabIndex: props.tabIndex ?? 0,
          'aria-keyshortcuts': 'Enter',
          onKeyDown: (event: KeyboardEvent) => {
            if (event.key !== 'Enter' || event.target !== event.currentTarget) return
            event.preventDefault()
            setEditing(true)
          },
        }
      : {}),
  })
  // One shape whether the frame is open or not, so opening it never mounts the element anew.
  return (
    <>
      {rendered}
      {open ? (
        <Suspense fallback={null}>
          <DragFrame no={no} name={name} element={element} pos={pos} onMove={setMoved} onEnd={endEditing} />
        </Suspense>
      ) : null}
    </>
  )
}
