// Vite: React for the runtime, the deck plugin for slides.md (or SLIDES_ENTRY).
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import deck from './plugin/index.ts'
import drawings from './plugin/drawings.ts'
import deckSync from './plugin/sync.ts'
import prerender from './plugin/prerender.ts'
import deckUnoCSS from './plugin/unocss/index.ts'
import compress from './plugin/compress.ts'
import vendor from './plugin/vendor.ts'
import outDir from './plugin/out-dir.ts'

/** `DECK_SINGLE_FILE=1`: the build the one-file HTML export inlines (scripts/export/html.ts). */
const singleFile = Boolean(process.env.DECK_SINGLE_FILE)

const routerBuild = (file: string) => fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url))

/** What a deck's own components import of the engine (DESIGN.md, "A deck's own code"). */
const deckClient = { find: /^@deck\/client$/, replacement: fileURLToPath(new URL('./src/deck-api.ts', import.meta.url)) }

export default defineConfig(({ command }) => ({
  // react-router's package exports only its development build to browsers; the static build takes the production one.
  // Mermaid's own minified ES build (split per diagram type) is copied into the build as it is (plugin/vendor.ts) and
  // loaded from there: the bundler never re-bundles and minifies its 3.6 MB.
  resolve:
    command === 'build'
      ? {
          alias: [
            deckClient,
            { find: /^react-router$/, replacement: routerBuild('index.mjs') },
            { find: /^react-router\/dom$/, replacement: routerBuild('dom-export.mjs') },
            {
              find: /^mermaid$/,
              replacement: singleFile
                ? fileURLToPath(new URL('./src/features/diagrams/mermaid-offline.ts', import.meta.url))
                : fileURLToPath(new URL('./src/features/diagrams/mermaid-vendor.ts', import.meta.url)),
            },
          ],
        }
      : { alias: [deckClient] },
  // The one-file build is inlined by the export: nothing to precompress.
  plugins: [outDir(), deck(), prerender(), deckUnoCSS(), drawings(), deckSync(), react(), ...(singleFile ? [] : [vendor(), compress()])],
  // Dev servers started side by side (the browser tests) each pre-bundle into their own folder, or one would
  // rewrite the other's dependencies under a running page and force it to reload.
  cacheDir: process.env.DECK_VITE_CACHE || 'node_modules/.vite',
  server: { port: 5173, strictPort: false },
  // Pre-bundled up front so the dev server never reloads the page mid-talk when it discovers a dependency late.
  optimizeDeps: { include: ['react', 'react-dom', 'react-dom/client', 'react/jsx-runtime', 'react-router-dom', 'jotai', 'fuse.js', 'mermaid', 'drauu'] },
  preview: { port: 4173 },
  // One file: relative paths, every asset inlined, one script with no chunks to fetch.
  ...(singleFile ? { base: './' } : {}),
  build: {
    target: 'es2022',
    ...(singleFile ? { assetsInlineLimit: Number.MAX_SAFE_INTEGER, cssCodeSplit: false, modulePreload: false } : {}),
    chunkSizeWarningLimit: 4000,
    reportCompressedSize: false,
    // The router gets a chunk of its own name (the app's second step loads it), not one of its package's chunk-XXXX names.
    rolldownOptions: {
      // Rolldown's hint about slow plugin callbacks is for us, not the deck's author: DECK_BUILD_TIMINGS=1 reports phases.
      checks: { bundlerTimings: false },
      output: singleFile ? { codeSplitting: false } : { codeSplitting: { groups: [{ name: 'router', test: /node_modules[\\/]react-router/, includeDependenciesRecursively: false }] } },
    },
  },
}))
