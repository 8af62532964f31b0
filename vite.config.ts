// Vite: React for the runtime, and the engine's plugins over the deck (slides.md, or SLIDES_ENTRY), loaded from the
// engine's bundle for Node (bin/engine.mjs), which Vite's loading of this file leaves alone.
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { enginePlugins } from './bin/engine.mjs'

export default defineConfig(async () => {
  const deck = await enginePlugins()
  return { plugins: [react(), deck()] }
})
