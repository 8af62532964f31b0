// `reslide [entry]`: Vite's dev server over React's plugin and deck(), with per-slide hot reload.
import { existsSync } from 'node:fs'
import { relative, resolve } from 'node:path'
import { createServer } from 'vite'
import react from '@vitejs/plugin-react'
import deck from '../plugin/index.ts'
import type { DevArgs } from './args.ts'

/** Starts the dev server; resolves once it listens (it runs until the process is stopped). */
export async function startDev(options: { entry?: string; port?: number; host?: string; open?: boolean }) {
  const server = await createServer({
    configFile: false,
    plugins: [react(), deck({ entry: options.entry })],
    server: { ...(options.port !== undefined ? { port: options.port } : {}), ...(options.host ? { host: options.host } : {}), open: options.open ?? false },
  })
  await server.listen()
  return server
}

export async function runDev(args: DevArgs): Promise<number> {
  const entry = resolve(args.entry || process.env.SLIDES_ENTRY || 'slides.md')
  if (!existsSync(entry)) throw new Error(`Deck file not found: ${relative(process.cwd(), entry) || entry}. Create slides.md here, or name the deck's file.`)
  const server = await startDev({ ...args, entry })
  server.printUrls()
  server.bindCLIShortcuts({ print: true })
  return await new Promise<number>((done) => {
    const stop = () => server.close().then(() => done(0))
    process.once('SIGINT', stop)
    process.once('SIGTERM', stop)
  })
}
