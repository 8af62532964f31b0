// The engine's Vite plugins, from one factory over one deck state: `deck(options)` parses the deck once per change of
// its files, and every plugin below reads that state (the virtual modules and HMR, prerendering and font cutting,
// UnoCSS's file list, the dev server's sync, drawings and editor). vite.config.ts is React's plugin plus deck();
// the command (cli/) builds the same list.
import { fileURLToPath } from 'node:url'
import { createRequire } from 'node:module'
import { dirname, isAbsolute, resolve } from 'node:path'
import type { Plugin, PluginOption, UserConfig } from 'vite'
import { DeckState } from './deck/state.ts'
import { resolveDeckOptions, unwatchedByDev, type DeckOptions, type ResolvedDeckOptions } from './options.ts'
import deckCore from './deck-core.ts'
import prerender from './prerender.ts'
import deckUnoCSS from './unocss/index.ts'
import drawings from './drawings.ts'
import deckSync from './sync.ts'
import compress from './compress.ts'
import vendor, { mermaidEntry } from './vendor.ts'
import outDir from './out-dir.ts'
import { isInside, isPackageName } from './folders.ts'
import favicon from './favicon.ts'
import monacoWorkers from './monaco-workers.ts'

export type { DeckOptions, ResolvedDeckOptions } from './options.ts'
export { resolveDeckOptions } from './options.ts'

/** Every Vite plugin of the engine, over one deck state (React's plugin is the caller's: `[react(), ...deck()]`). */
export default function deck(options: DeckOptions = {}): PluginOption[] {
  const resolved = resolveDeckOptions(options)
  const state = new DeckState(resolved)
  return [
    deckConfig(resolved),
    outDir(),
    deckCore(state),
    prerender(),
    deckUnoCSS(state),
    drawings(state),
    deckSync(state),
    favicon(),
    monacoWorkers(),
    // The one-file build is inlined by the export: nothing to precompress, no vendor files beside it.
    ...(resolved.singleFile ? [] : [vendor(), ...compress()]),
  ]
}

export { deck }

const engineFile = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url))

/** react-router's production build (its package exports only the development build to browsers). */
const routerBuild = (file: string) => resolve(dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production', file)

/** What the Monaco blocks' editor and runner import, besides Monaco itself (src/features/monaco/). */
const MONACO_DEPS = ['sucrase', '@shikijs/monaco', 'shiki/core', 'shiki/engine/javascript', ...['typescript', 'javascript', 'json', 'css', 'html', 'markdown'].map((lang) => `shiki/langs/${lang}.mjs`), 'shiki/themes/vitesse-light.mjs', 'shiki/themes/vitesse-dark.mjs']

/**
 * A file of the deck's own (its components, setup, themes), outside the engine's folder; never an installed package
 * in the deck's `node_modules` (the engine itself may be one), which resolves its imports as installed.
 */
const isDeckCode = (importer: string, options: ResolvedDeckOptions) => {
  const file = importer.split('?')[0]!
  return !file.startsWith('\0') && isAbsolute(file) && !/[\\/]node_modules[\\/]/.test(file) && isInside(options.deckDir, file) && !isInside(options.engineDir, file)
}

/** Vite's settings for a deck: where its files are, what the runtime imports, and the build's mode. */
function deckConfig(options: ResolvedDeckOptions): Plugin {
  const { singleFile } = options
  /** What a deck's own components import of the engine. */
  const deckClient = { find: /^@deck\/client$/, replacement: engineFile('src/deck-api.ts') }
  return {
    name: 'deck:config',
    enforce: 'pre',
    async resolveId(id, importer, resolveOptions) {
      // The one-file build shows Monaco blocks as their code (src/features/monaco/editor-offline.ts).
      if (singleFile && id === './editor' && importer?.replace(/\\/g, '/').endsWith('/features/monaco/load.ts')) return engineFile('src/features/monaco/editor-offline.ts')
      // A deck's own code imports what the engine's app does (react, jotai…) by name. A deck folder that cannot find
      // them itself (pnpm's strict node_modules, a reslide installed globally, a deck kept apart from the engine) finds
      // them where the engine does: its build failed on `import "react"`, and the dev server's dependency scan too.
      if (importer && isPackageName(id) && isDeckCode(importer, options)) {
        const own = await this.resolve(id, importer, { ...resolveOptions, skipSelf: true })
        return own ?? this.resolve(id, engineFile('src/main.tsx'), { ...resolveOptions, skipSelf: true })
      }
    },
    config(user, { command }): UserConfig {
      return {
        root: user.root ?? options.engineDir,
        // The deck's public/ (its images, favicon), beside the deck file.
        publicDir: user.publicDir ?? resolve(options.deckDir, 'public'),
        // Mermaid's own minified ES build (split per diagram type) is copied into the build as it is (plugin/vendor.ts) and
        // loaded from there: the bundler never re-bundles and minifies its 3.6 MB.
        resolve: {
          alias:
            command === 'build'
              ? [
                  deckClient,
                  { find: /^react-router$/, replacement: routerBuild('index.mjs') },
                  { find: /^react-router\/dom$/, replacement: routerBuild('dom-export.mjs') },
                  { find: /^mermaid$/, replacement: engineFile(singleFile ? 'src/features/diagrams/mermaid-offline.ts' : 'src/features/diagrams/mermaid-vendor.ts') },
                ]
              : [deckClient, { find: /^mermaid$/, replacement: mermaidEntry() }],
        },
        // Dev servers started side by side (the browser tests) each pre-bundle into their own folder, or one would
        // rewrite the other's dependencies under a running page and force it to reload.
        cacheDir: user.cacheDir ?? options.viteCacheDir,
        // The engine's files and the deck's are served in dev, wherever each lives (Vite's default port, 5173).
        // Its watcher skips the engine's folders it never serves (plugin/options.ts).
        server: { fs: { allow: [options.engineDir, options.deckDir] }, watch: { ignored: [unwatchedByDev(options)] } },
        // Pre-bundled up front so the dev server never reloads the page mid-talk when it discovers a dependency late.
        // Monaco's ES modules are served as they are (pre-bundling its megabytes would hold up every dev start);
        // what its blocks import besides is pre-bundled with the rest. Mermaid is served as its own minified ES build
        // (the alias above, the files the build ships): pre-bundling it from its sources took 2 of a first start's 7 s.
        // Every package the engine's app imports is listed, so the scan for more crawls only the deck's own code (its
        // components, setup files and themes, which may import packages of their own): crawling the app's 300 modules
        // first held up the pre-bundling by 0.5–1.6 s on every first start.
        optimizeDeps: {
          entries: [`${options.deckDir.split('\\').join('/')}/{components,setup,themes}/**/*.{tsx,jsx,ts,js,mts,mjs}`],
          include: ['react', 'react-dom', 'react-dom/client', 'react/jsx-runtime', 'react/jsx-dev-runtime', 'react-router-dom', 'jotai', 'jotai/utils', 'fuse.js', 'drauu', 'uqr', 'shiki-magic-move/react', 'shiki-magic-move/core', 'motion/react', 'rough-notation', ...MONACO_DEPS],
          exclude: ['monaco-editor', 'mermaid'],
        },
        // One file: relative paths, every asset inlined, one script with no chunks to fetch.
        ...(singleFile ? { base: './' } : {}),
        build: {
          outDir: user.build?.outDir ?? options.outDir,
          target: 'es2022',
          ...(singleFile ? { assetsInlineLimit: Number.MAX_SAFE_INTEGER, cssCodeSplit: false, modulePreload: false } : {}),
          chunkSizeWarningLimit: 4000,
          reportCompressedSize: false,
          rolldownOptions: {
            // Rolldown's hint about slow plugin callbacks is for us, not the deck's author: DECK_BUILD_TIMINGS=1 reports phases.
            checks: { bundlerTimings: false },
            // The router gets a chunk of its own name (the app's second step loads it), not one of its package's chunk-XXXX names.
            output: singleFile ? { codeSplitting: false } : { codeSplitting: { groups: [{ name: 'router', test: /node_modules[\\/]react-router/, includeDependenciesRecursively: false }] } },
          },
        },
      }
    },
  }
}
