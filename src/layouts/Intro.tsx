// The intro layout: an intro page: who speaks and about what (title, then the speaker's lines).
import { backdropLayout } from './backdrop'

export default backdropLayout('intro')
