// Vite: React for the runtime, and the engine's plugins over the deck (slides.md, or SLIDES_ENTRY).
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import deck from './plugin/index.ts'

export default defineConfig({ plugins: [react(), deck()] })
