// The image-left layout: `image:` fills the left half, the content the right half.
import { imageSplitLayout } from './image-split'

export default imageSplitLayout('left')
