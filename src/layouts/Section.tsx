// The section layout: a section's opening page: its title large, on its own.
import { backdropLayout } from './backdrop'

export default backdropLayout('section')
