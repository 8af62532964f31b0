// Vite: React for the runtime, the deck plugin for slides.md (or SLIDES_ENTRY).
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import deck from './plugin/index'

export default defineConfig({
  plugins: [deck(), react()],
  server: { port: 5173, strictPort: false },
  preview: { port: 4173 },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 4000,
    reportCompressedSize: false,
  },
})
