// The routes of spec.md section 2: /N, /presenter/N, /print, /presenter/print; anything else goes to /1.
import { lazy, Suspense } from 'react'
import { Navigate, Route, Routes, useLocation } from 'react-router-dom'
import PlayView from './features/play/PlayView'
import DeckSync from './state/sync/DeckSync'
import { asksForReader } from './logic/reader'

/** The reader (`/N?view=reader`, and the prerendered page's `/reader/`): its code loads only when asked for. */
const ReaderView = lazy(() => import('./features/reader/ReaderView'))
const PresenterView = lazy(() => import('./features/presenter/PresenterView'))
const PrintView = lazy(() => import('./features/print/PrintView'))
const PresenterPrintView = lazy(() => import('./features/print/PresenterPrintView'))
/** The presenter password stands before every presenter page, the notes handout included. */
const PresenterGuard = lazy(() => import('./features/presenter/PresenterGuard'))

/** Redirects keep the query (password, embedded) so nothing the visitor asked for is lost. */
function RedirectTo({ path }: { path: string }) {
  const { search } = useLocation()
  return <Navigate to={path + search} replace />
}

/** A play route is the slides, or the reader when the address asks for it. */
function PlayRoute() {
  return asksForReader(useLocation().search) ? <ReaderView /> : <PlayView />
}

export default function DeckRoutes() {
  return (
    <>
      {/* Before the routes and outside Suspense: it listens before the first route publishes where it is, and a lazy
          route loading never restarts it. */}
      <DeckSync />
      <Suspense fallback={null}>
        <Routes>
          <Route path="/" element={<RedirectTo path="/1" />} />
          <Route path="/print" element={<PrintView />} />
          <Route
            path="/presenter/print"
            element={
              <PresenterGuard>
                <PresenterPrintView />
              </PresenterGuard>
            }
          />
          <Route path="/presenter" element={<RedirectTo path="/presenter/1" />} />
          <Route path="/presenter/:no" element={<PresenterView />} />
          <Route path="/reader" element={<ReaderView />} />
          <Route path="/:no" element={<PlayRoute />} />
          <Route path="*" element={<Navigate to="/1" replace />} />
        </Routes>
      </Suspense>
    </>
  )
}
