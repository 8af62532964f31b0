// `npm run build`: Vite's build, with a broken deck reported as one message naming file, slide and line
// (Vite's CLI would add a bundler stack trace; set DEBUG=1 to see it).
import { build } from 'vite'

try {
  await build({ logLevel: process.env.DEBUG ? 'info' : 'warn' })
} catch (error) {
  const e = error as Error & { errors?: Error[] }
  const messages = e.errors?.length ? e.errors.map((inner) => inner.message) : [e.message]
  console.error(`Build failed:\n${messages.join('\n')}`)
  if (process.env.DEBUG) console.error(e.stack)
  process.exit(1)
}
