// The presenter's view (placeholder until the presenter issue): the slide with its controls.
import PlayView from '../play/PlayView'

export default function PresenterView() {
  return <PlayView />
}
