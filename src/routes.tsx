// The routes of spec.md section 2: /N, /presenter/N, /print, /presenter/print; anything else goes to /1.
// The reader answers `/N?view=reader` and the prerendered page's `/reader/` as one element (outside <Routes>), so
// moving between them (its address following the reading, goto, overview) keeps the same page.
import { lazy, Suspense } from 'react'
import { Navigate, Route, Routes, useLocation } from 'react-router-dom'
import PlayView from './features/play/PlayView'
import DeckSync from './state/sync/DeckSync'
import { BootPoint } from './boot/boot-point'
import { isReaderAddress } from './logic/reader'
import { useRouteSource } from './state/navigation'

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

export default function DeckRoutes() {
  const reading = isReaderAddress(useLocation())
  useRouteSource()
  return (
    <>
      {/* Before the routes and outside Suspense: it listens before the first route publishes where it is, and a lazy
          route loading never restarts it. */}
      <DeckSync />
      <Suspense fallback={null}>
        {/* Inside the boundary: the boot's events wait for the page (hydrated or loaded) to listen. */}
        <BootPoint>
          {reading ? (
            <ReaderView />
          ) : (
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
              <Route path="/:no" element={<PlayView />} />
              <Route path="*" element={<Navigate to="/1" replace />} />
            </Routes>
          )}
        </BootPoint>
      </Suspense>
    </>
  )
}
