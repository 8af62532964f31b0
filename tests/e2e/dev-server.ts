// Vite's dev server on a deck, for the tests of what only it does (hot updates, the side editor, drawings written
// beside the deck, the relay over Vite's socket). Started by node itself (no npx), in its own process group so that
// stop() ends it with its children; ready when it answers the deck's first page.
import { spawn, type ChildProcess } from 'node:child_process'
import { resolve } from 'node:path'
import { root } from './decks'

/**
 * A dev server's dependency cache (Vite's cacheDir), kept between runs like the builds: one per port, since two dev
 * servers optimizing into one folder at once (two workers) may pull it from under each other.
 */
const devCache = (port: number) => resolve(root, process.env.E2E_DIR || '.e2e', `vite-cache-${port}`)

export interface DevServer {
  url: string
  process: ChildProcess
  stop: () => void
}

/**
 * Starts `vite` on `entry` (SLIDES_ENTRY) at `port`, with `env` added, and resolves once `/1` answers 200.
 * Rejects (with the server's output) if it exits first or takes longer than `timeout`.
 */
export async function startDevServer(entry: string, port: number, env: Record<string, string> = {}, timeout = 120_000): Promise<DevServer> {
  const child = spawn(process.execPath, [resolve(root, 'node_modules/vite/bin/vite.js'), '--port', String(port), '--strictPort', '--host', '127.0.0.1'], {
    cwd: root,
    env: { ...process.env, SLIDES_ENTRY: entry, DECK_VITE_CACHE: devCache(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  let output = ''
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000)
  }
  child.stdout!.on('data', collect)
  child.stderr!.on('data', collect)
  const url = `http://127.0.0.1:${port}`
  const stop = () => {
    if (child.pid && child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM')
      } catch {
        // Already gone.
      }
    }
  }
  try {
    await new Promise<void>((ready, fail) => {
      // A deadline, not a wait: readiness is the answer below.
      const timer = setTimeout(() => fail(new Error(`the dev server did not answer within ${timeout} ms`)), timeout)
      const exited = (code: number | null) => fail(new Error(`the dev server exited (${code})`))
      child.once('exit', exited)
      // Vite prints its address once it listens; the first page then answers when the deck has been read.
      const onData = () => {
        // eslint-disable-next-line no-control-regex -- colours (CI=1 turns them on) would split the address
        if (!output.replace(/\x1b\[[0-9;]*m/g, '').includes(`:${port}/`)) return
        child.stdout!.off('data', onData)
        void fetch(`${url}/1`).then(
          (response) => {
            clearTimeout(timer)
            child.off('exit', exited)
            if (response.ok) ready()
            else fail(new Error(`the dev server answered /1 with ${response.status}`))
          },
          (error: Error) => fail(error),
        )
      }
      child.stdout!.on('data', onData)
    })
  } catch (error) {
    stop()
    throw new Error(`${(error as Error).message}\n${output}`, { cause: error })
  }
  return { url, process: child, stop }
}
