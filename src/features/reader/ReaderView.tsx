// Makes the deck readable as one page on any screen (`/N?view=reader`): every slide reflowed in order, opened at
// slide N, the address following the slide being read, slide links, goto and overview scrolling within the page.
import { use, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type MouseEvent } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { useAtom, useAtomValue, useSetAtom } from 'jotai'
import { configAtom, slidesAtom } from '../../state/deck'
import { viewModeAtom } from '../../state/nav'
import { showOverviewAtom, viewChoiceAtom } from '../../state/preferences'
import { gotoOpenAtom } from '../../state/ui'
import { canToggleDarkAtom, isDarkAtom, toggleDarkAtom } from '../../state/color-scheme'
import { DeckNavContext } from '../../state/nav-context'
import { getLoadedSlide, loadSlide, useLoadedSlides } from '../../state/slide-modules'
import { useRoutePosition } from '../../state/navigation'
import { readerAnchor, readerSearch, slideOfAnchor, slidesSearch } from '../../logic/reader'
import { pageTitle } from '../../../shared/config'
import { labelsFor } from '../../kit/labels'
import { icons } from '../../kit/icons'
import { useShortcuts } from '../shortcuts/useShortcuts'
import { useKeyLayer } from '../../keys/useKeyLayer'
import { isTypingTarget } from '../../logic/input'
import Overview from '../overview/Overview'
import Goto from '../goto/Goto'
import ReaderPage from './ReaderPage'
import { useReadingPosition } from './reading-position'

const allLoaded = (total: number) => Array.from({ length: total }, (_, i) => getLoadedSlide(i + 1)).every(Boolean)

let everySlide: Promise<unknown> | undefined
/** One promise for every slide's module (what hydration waits on, so the same promise each render). */
const loadEverySlide = (total: number) => (everySlide ??= Promise.all(Array.from({ length: total }, (_, i) => loadSlide(i + 1))))

/**
 * Whether this render takes over the build's prerendered reader page (`/reader/`): its article is already on screen,
 * readable and scrolled by the visitor, so hydration waits (suspends) until every slide is in and then matches it.
 */
function takesOverPrerendered(): boolean {
  return typeof document !== 'undefined' && document.querySelector('.deck-reader-root') !== null
}

/** Every slide's module, loaded once: the article is drawn in one go, so opening at N lands where the text will stay. */
function useAllSlides(total: number, hydrating: boolean): boolean {
  if (hydrating && !allLoaded(total)) use(loadEverySlide(total))
  const [ready, setReady] = useState(() => allLoaded(total))
  useEffect(() => {
    if (ready) return
    let alive = true
    void Promise.all(Array.from({ length: total }, (_, i) => loadSlide(i + 1))).then(() => alive && setReady(true))
    return () => {
      alive = false
    }
  }, [total, ready])
  return ready
}

/** The history state of the reader's own address changes (following the reading): the page is already there. */
const READING = { reading: true }
const isReading = (state: unknown) => typeof state === 'object' && state !== null && 'reading' in state

export default function ReaderView() {
  const location = useLocation()
  const navigate = useNavigate()
  const slides = useAtomValue(slidesAtom)
  const config = useAtomValue(configAtom)
  const total = slides.length
  // `/N?view=reader`, or the prerendered page's own path with the slide in its fragment (`/reader/#slide-N`).
  const opened = useRoutePosition()?.no ?? 1
  const [hydrating] = useState(takesOverPrerendered)
  const ready = useAllSlides(total, hydrating)
  // Once every slide is in: a slide an edit replaces (dev) is drawn again in the article.
  const moduleOf = useLoadedSlides(ready)
  const setMode = useSetAtom(viewModeAtom)
  const setChoice = useSetAtom(viewChoiceAtom)
  const setGoto = useSetAtom(gotoOpenAtom)
  const [overviewOpen, setOverview] = useAtom(showOverviewAtom)
  const gotoOpen = useAtomValue(gotoOpenAtom)
  const dark = useAtomValue(isDarkAtom)
  const canToggleDark = useAtomValue(canToggleDarkAtom)
  const toggleDark = useSetAtom(toggleDarkAtom)
  // A hydrated page first renders exactly as it was prerendered (no counter, no controls, no panel open); they show
  // from the next render on.
  const [mounted, setMounted] = useState(false)
  useEffect(() => setMounted(true), [])
  // The prerendered page says slide 1 in its bar (hydration must match it); the address, following the reading, after.
  const current = hydrating && !mounted ? 1 : opened
  const shownDark = dark
  const hashRouter = config.routerMode === 'hash'
  const t = labelsFor(config.htmlAttrs.lang)
  const rootRef = useRef<HTMLDivElement>(null)

  useLayoutEffect(() => {
    setMode('reader')
    const html = document.documentElement
    html.classList.add('deck-reading')
    return () => html.classList.remove('deck-reading')
  }, [setMode])

  // Scrolling moves the address many times a second, each move a transition a newer one may cut short: moves use the
  // router of the last committed render (one from a render that never committed does nothing).
  const committed = useRef({ navigate, search: location.search })
  useLayoutEffect(() => {
    committed.current = { navigate, search: location.search }
  })
  /** The slide being read changed (scrolling, or a jump): the address follows, and with it the bar and the position. */
  const reading = useCallback(
    (no: number) => {
      const { navigate, search } = committed.current
      navigate(`/${no}${readerSearch(search)}`, { replace: true, state: READING })
      document.title = pageTitle(config, slides[no - 1]?.title)
    },
    [config, slides],
  )
  const jump = useReadingPosition(rootRef, ready, reading)

  // Open at slide N, once the article is laid out; a prerendered page was already scrolled by the browser (its
  // fragment) or by the visitor while it loaded: reading goes on from where they are.
  useLayoutEffect(() => {
    if (!ready) return
    if (!hydrating) jump(opened, false)
    else {
      // The browser scrolled to the fragment's slide; pictures and fonts since may have moved it. Unless the visitor
      // has read on (it is more than a screen away), it goes back under the bar.
      const section = document.getElementById(readerAnchor(opened))
      if (section && slideOfAnchor(window.location.hash, total) && Math.abs(section.getBoundingClientRect().top) < window.innerHeight) jump(opened, false)
    }
    // Only on opening: later moves come from scrolling or from the jumps below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready])

  // A display formula wider than the column scrolls sideways: a keyboard reaches it (a scrolling box is focusable), and
  // it is named as the formula it holds. Looked at again when the column's width changes.
  useEffect(() => {
    const root = rootRef.current
    if (!ready || !root) return
    const mark = () => {
      for (const box of root.querySelectorAll<HTMLElement>('.katex-display')) {
        const scrolls = box.scrollWidth > box.clientWidth + 1
        if (scrolls && !box.hasAttribute('tabindex')) {
          box.tabIndex = 0
          box.setAttribute('role', 'group')
          box.setAttribute('aria-label', t.reader.formula)
        } else if (!scrolls && box.hasAttribute('tabindex')) {
          box.removeAttribute('tabindex')
          box.removeAttribute('role')
          box.removeAttribute('aria-label')
        }
      }
    }
    mark()
    const resized = new ResizeObserver(mark)
    resized.observe(root)
    return () => resized.disconnect()
  }, [ready, t])

  // Goto and overview move the route (`/N?view=reader`): the page scrolls there (the reading's own moves are not jumps).
  const firstRoute = useRef(location.key)
  useEffect(() => {
    if (!ready || location.key === firstRoute.current || isReading(location.state)) return
    jump(opened, true)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, location.key])

  // Printing hands out every note: open them for the print, then fold back the ones that were closed.
  useEffect(() => {
    let opened: HTMLDetailsElement[] = []
    const before = () => {
      opened = [...document.querySelectorAll<HTMLDetailsElement>('.deck-reader-notes:not([open])')]
      for (const details of opened) details.open = true
    }
    const after = () => {
      for (const details of opened) details.open = false
      opened = []
    }
    window.addEventListener('beforeprint', before)
    window.addEventListener('afterprint', after)
    return () => {
      window.removeEventListener('beforeprint', before)
      window.removeEventListener('afterprint', after)
    }
  }, [])

  // Slide links inside the page scroll to their section.
  const navigator = useMemo(
    () => ({
      go: ({ no }: { no: number }) => jump(no, true),
    }),
    [jump],
  )

  useShortcuts(
    {
      toggleDark,
      toggleGoto: () => setGoto((open) => !open),
      toggleOverview: () => setOverview((open) => !open),
      escape: () => {
        setGoto(false)
        setOverview(false)
      },
    },
  )

  // Home and End read the first and the last slide, and stay there while diagrams and pictures on the way settle (the
  // browser's own End lands where the page ended when the key came, short of the end once the page grows).
  useKeyLayer('view', (event) => {
    if ((event.key !== 'Home' && event.key !== 'End') || event.ctrlKey || event.metaKey || event.altKey || event.shiftKey) return false
    if (isTypingTarget(event.target as HTMLElement | null)) return false
    jump(event.key === 'Home' ? 1 : total, false)
    return true
  })

  const toSlides = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
    event.preventDefault()
    setChoice('slides')
    navigate(`/${current}${slidesSearch(location.search)}`)
  }
  const slidesHref = hashRouter ? `#/${current}${slidesSearch(location.search)}` : `${import.meta.env.BASE_URL}${current}${slidesSearch(location.search)}`

  return (
    <DeckNavContext.Provider value={navigator}>
      <div ref={rootRef} className="deck-reader-root" aria-busy={ready ? undefined : true}>
        <ReaderPage
          config={config}
          slides={slides}
          moduleOf={moduleOf}
          current={current}
          slidesHref={slidesHref}
          onToSlides={toSlides}
          live={mounted}
          controls={
            <button
              type="button"
              className="deck-reader-button"
              aria-label={canToggleDark ? t.dark : t.darkForced}
              title={`${canToggleDark ? t.dark : t.darkForced} (d)`}
              aria-pressed={shownDark}
              disabled={!canToggleDark}
              onClick={toggleDark}
              data-testid="reader-dark"
            >
              {shownDark ? icons.moon : icons.sun}
            </button>
          }
        />
      </div>
      {mounted && overviewOpen ? <Overview /> : null}
      {mounted && gotoOpen ? <Goto /> : null}
    </DeckNavContext.Provider>
  )
}
