// Everything around the slide in the play and presenter views: the navigation bar and the panels it opens.
import { useEffect, type ReactNode } from 'react'
import { useAtomValue } from 'jotai'
import NavControls from './NavControls'
import { showOverviewAtom } from '../../state/preferences'
import { gotoOpenAtom, infoOpenAtom } from '../../state/ui'
import Overview from '../overview/Overview'
import Goto, { loadSearchBodies, loadSearchEngine } from '../goto/Goto'
import InfoDialog from '../info/InfoDialog'

// The panels are small and part of the main bundle, so a key typed right after "o" or "g" lands in them;
// only the search engine and the deck's full text load later, when the browser is idle.
function usePrefetchSearch() {
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 1500))
    const cancel = window.cancelIdleCallback ?? window.clearTimeout
    const handle = idle(() => {
      void loadSearchEngine()
      void loadSearchBodies().catch(() => {})
    })
    return () => cancel(handle)
  }, [])
}

export default function ViewerChrome({ no, clicks, children }: { no: number; clicks: number; children?: ReactNode }) {
  const overview = useAtomValue(showOverviewAtom)
  const goto = useAtomValue(gotoOpenAtom)
  const info = useAtomValue(infoOpenAtom)
  usePrefetchSearch()
  return (
    <>
      <NavControls no={no} clicks={clicks}>
        {children}
      </NavControls>
      {overview ? <Overview /> : null}
      {goto ? <Goto /> : null}
      {info ? <InfoDialog /> : null}
    </>
  )
}
