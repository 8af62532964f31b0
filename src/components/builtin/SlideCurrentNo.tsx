// Slidev's <SlideCurrentNo />: the number of the slide it is drawn in.
import { useSlideNo } from '../../state/slide-context'

export default function SlideCurrentNo() {
  return <span className="slidev-slide-current-no">{useSlideNo() ?? ''}</span>
}
