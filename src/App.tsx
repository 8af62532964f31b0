// The app shell: colour scheme on <html>, the routes, and (in dev) the overlay for errors in slides.md.
import { useLayoutEffect } from 'react'
import { useAtomValue } from 'jotai'
import DeckRoutes from './routes'
import { applyColorScheme, isDarkAtom } from './state/color-scheme'
import DeckErrorOverlay from './components/DeckErrorOverlay'

export default function App() {
  const dark = useAtomValue(isDarkAtom)
  useLayoutEffect(() => applyColorScheme(dark), [dark])
  return (
    <>
      <DeckRoutes />
      {import.meta.env.DEV ? <DeckErrorOverlay /> : null}
    </>
  )
}
