// `npm run build`: Vite's whole app build (as `vite build` runs it: the browser build, the Node build and the
// prerendered pages of plugin/prerender.ts), with a broken deck reported as one message naming file, slide and line
// (Vite's CLI would add a bundler stack trace; set DEBUG=1 to see it).
import { createBuilder } from 'vite'

// `--outDir <folder>` as Vite's CLI takes it (the folder is emptied first).
const at = process.argv.indexOf('--outDir')
const outDir = at > 0 ? process.argv[at + 1] : undefined

try {
  const builder = await createBuilder({ logLevel: process.env.DEBUG ? 'info' : 'warn', ...(outDir ? { build: { outDir, emptyOutDir: true } } : {}) })
  await builder.buildApp()
} catch (error) {
  const e = error as Error & { errors?: Error[] }
  const messages = e.errors?.length ? e.errors.map((inner) => inner.message) : [e.message]
  console.error(`Build failed:\n${messages.join('\n')}`)
  if (process.env.DEBUG) console.error(e.stack)
  process.exit(1)
}
