// The default layout: the slide's content as written.
import { layoutClass, type LayoutProps } from './types'

export default function Default({ slots, className }: LayoutProps) {
  return <div className={layoutClass('default', className)}>{slots.default}</div>
}
