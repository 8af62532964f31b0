// The slide a visit opens on, drawn before the rest of the app has loaded: the same canvas, stage and renderer as
// the play view, in the same place, so the hand-over to the app (which removes it) is invisible.
import { useEffect } from 'react'
import { useAtomValue } from 'jotai'
import SlideCanvas from '../components/SlideCanvas'
import SlideRenderer from '../components/SlideRenderer'
import { configAtom } from '../state/deck'
import { scaleAtom } from '../state/preferences'

export default function FirstSlide({ no, clicks, onPainted }: { no: number; clicks: number; onPainted: () => void }) {
  const config = useAtomValue(configAtom)
  const scale = useAtomValue(scaleAtom)
  // Effects run once the commit is on its way to the screen; the next frame starts after it was painted.
  useEffect(() => {
    const frame = requestAnimationFrame(() => onPainted())
    return () => cancelAnimationFrame(frame)
  }, [onPainted])
  return (
    <div className={`slidev-play deck-boot ${config.selectable ? '' : 'select-none'}`} aria-busy="true">
      <main className="slidev-play-stage">
        <SlideCanvas scaleMode={scale}>
          <div className="slidev-stage">
            <div className="slidev-stage-slide">
              <SlideRenderer no={no} clicks={clicks} boot />
            </div>
          </div>
        </SlideCanvas>
      </main>
    </div>
  )
}
