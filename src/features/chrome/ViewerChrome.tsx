// Everything around the slide in the play view: the navigation bar and the panels it opens.
import { useAtomValue } from 'jotai'
import NavControls from './NavControls'
import { configAtom } from '../../state/deck'

export default function ViewerChrome({ no, clicks }: { no: number; clicks: number }) {
  useAtomValue(configAtom)
  return <NavControls no={no} clicks={clicks} />
}
