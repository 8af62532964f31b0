// The reader page's markup: a slim bar, then every slide as a section of one article (its number and title as the
// heading, its content reflowed, its note folded away). Pure render, no browser API: the build prerenders it too.
import { memo, useMemo, type MouseEvent, type ReactNode } from 'react'
import type { SlideMeta } from '../../state/deck'
import type { SlideModule } from 'virtual:deck/slide'
import type { DeckConfig } from '../../../shared/config'
import { resolveLayout } from '../../layouts'
import { SlideSurfaceContext, type SlideSurface } from '../../components/surface'
import { SlideNoContext } from '../../state/slide-context'
import { labelsFor, type Labels } from '../../kit/labels'
import SlideCounter from '../../kit/SlideCounter'
import { readerAnchor } from '../../logic/reader'
import { notesForArticle, toArticle } from './article'
import './reader.css'

const surface: SlideSurface = { article: true, slideHref: (no) => `#${readerAnchor(no)}` }

/** One slide's body: drawn again only when its own module or entry changes (an edit replaces one slide). */
const ReaderSlideBody = memo(function ReaderSlideBody({ slide, mod, t }: { slide: SlideMeta; mod: SlideModule; t: Labels['reader'] }) {
  const slots = useMemo(() => toArticle(mod.slots, { title: slide.title ?? '', tableLabel: t.table }), [mod, slide.title, t.table])
  const Layout = resolveLayout(slide.layout)
  const extra = typeof slide.frontmatter.class === 'string' ? slide.frontmatter.class : undefined
  return (
    <>
      <div className={`slidev-page slidev-page-${slide.no}`} data-slidev-no={slide.no}>
        {/* Components know the slide they are in (<SlideCurrentNo />, <Toc>'s current entry, widgets' state). */}
        <SlideNoContext.Provider value={slide.no}>
          <Layout slots={slots} frontmatter={mod.frontmatter ? { ...slide.frontmatter, ...mod.frontmatter } : slide.frontmatter} no={slide.no} className={extra} />
        </SlideNoContext.Provider>
      </div>
      {mod.noteHtml ? (
        <details className="deck-reader-notes">
          <summary>{t.notes}</summary>
          {/* The author's own Markdown, rendered at build time like the slides themselves. */}
          <div className="deck-reader-notes-text" dangerouslySetInnerHTML={{ __html: notesForArticle(mod.noteHtml) }} />
        </details>
      ) : null}
    </>
  )
})

export interface ReaderPageProps {
  config: DeckConfig
  slides: readonly SlideMeta[]
  /** A slide's module, or undefined while it loads. */
  moduleOf: (no: number) => SlideModule | undefined
  /** The slide shown in the bar as being read. */
  current: number
  /** The slides' address for the bar's button, and what it does when scripts run. */
  slidesHref: string
  onToSlides?: (event: MouseEvent<HTMLAnchorElement>) => void
  /** Extra controls for the bar (the dark-mode toggle). */
  controls?: ReactNode
  /** Scripts run: the counter and the controls work (a prerendered page read without scripts has neither). */
  live?: boolean
}

export default function ReaderPage({ config, slides, moduleOf, current, slidesHref, onToSlides, controls, live = false }: ReaderPageProps) {
  const labels = labelsFor(config.htmlAttrs.lang)
  const t = labels.reader
  const total = slides.length
  return (
    <div className="deck-reader">
      <header className="deck-reader-bar" aria-label={t.bar}>
        <p className="deck-reader-deck" title={config.title}>
          {config.title}
        </p>
        {live ? (
          <>
            <SlideCounter no={current} total={total} t={labels} className="deck-reader-counter" testId="reader-counter" paragraph />
            {controls}
          </>
        ) : null}
        <a className="deck-reader-to-slides" href={slidesHref} onClick={onToSlides} aria-label={t.toSlidesLabel} data-testid="reader-to-slides">
          {t.toSlides}
        </a>
      </header>
      <main className="deck-reader-article">
        <h1 className="sr-only">{config.title}</h1>
        <SlideSurfaceContext.Provider value={surface}>
          {slides.map((slide) => {
            const mod = moduleOf(slide.no)
            return (
              <section key={slide.no} id={readerAnchor(slide.no)} className="deck-reader-slide" tabIndex={-1} aria-labelledby={`${readerAnchor(slide.no)}-title`} data-reader-no={slide.no}>
                <h2 id={`${readerAnchor(slide.no)}-title`} className="deck-reader-heading">
                  <span className="deck-reader-no">
                    <span className="sr-only">{t.heading(slide.no)}</span>
                    <span aria-hidden="true">{slide.no}</span>
                  </span>{' '}
                  {slide.title || config.title}
                </h2>
                {mod ? <ReaderSlideBody slide={slide} mod={mod} t={t} /> : <p className="deck-reader-loading">{t.loading}</p>}
              </section>
            )
          })}
        </SlideSurfaceContext.Provider>
      </main>
    </div>
  )
}
