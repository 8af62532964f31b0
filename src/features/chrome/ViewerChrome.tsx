// Everything around the slide in the play and presenter views: the navigation bar and the panels it opens.
import { lazy, Suspense } from 'react'
import { useAtomValue } from 'jotai'
import NavControls from './NavControls'
import { showOverviewAtom } from '../../state/preferences'
import { gotoOpenAtom, infoOpenAtom } from '../../state/ui'

const Overview = lazy(() => import('../overview/Overview'))
const Goto = lazy(() => import('../goto/Goto'))
const InfoDialog = lazy(() => import('../info/InfoDialog'))

export default function ViewerChrome({ no, clicks }: { no: number; clicks: number }) {
  const overview = useAtomValue(showOverviewAtom)
  const goto = useAtomValue(gotoOpenAtom)
  const info = useAtomValue(infoOpenAtom)
  return (
    <>
      <NavControls no={no} clicks={clicks} />
      <Suspense fallback={null}>
        {overview ? <Overview /> : null}
        {goto ? <Goto /> : null}
        {info ? <InfoDialog /> : null}
      </Suspense>
    </>
  )
}
