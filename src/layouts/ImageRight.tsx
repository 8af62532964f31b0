// The image-right layout: `image:` fills the right half, the content the left half.
import { imageSplitLayout } from './image-split'

export default imageSplitLayout('right')
