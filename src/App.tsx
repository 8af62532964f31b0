// The app shell: colour scheme on <html>, in-deck navigation for slide links, the routes, and (in dev) the overlay
// for errors in slides.md.
import { useLayoutEffect, useMemo } from 'react'
import { useAtomValue } from 'jotai'
import DeckRoutes from './routes'
import { applyColorScheme, isDarkAtom } from './state/color-scheme'
import { useDeckNav } from './state/navigation'
import { DeckNavContext } from './state/nav-context'
import DeckErrorOverlay from './components/DeckErrorOverlay'
import { DiagramsDrawn } from './state/diagrams-drawn'

export default function App() {
  const dark = useAtomValue(isDarkAtom)
  useLayoutEffect(() => applyColorScheme(dark), [dark])
  const { go } = useDeckNav()
  const navigator = useMemo(() => ({ go }), [go])
  return (
    <DeckNavContext.Provider value={navigator}>
      <DiagramsDrawn>
        <DeckRoutes />
      </DiagramsDrawn>
      {import.meta.env.DEV ? <DeckErrorOverlay /> : null}
    </DeckNavContext.Provider>
  )
}
