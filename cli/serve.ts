// `reslide serve`: the production server over a build (server/), with its addresses told on the terminal.
import { resolve } from 'node:path'
import { startServer } from '../server/index.ts'
import { redisLabel } from '../server/talk-store.ts'
import type { ServeArgs } from './args.ts'

export async function runServe(options: ServeArgs): Promise<number> {
  const dir = resolve(process.cwd(), options.dir)
  let server
  try {
    server = await startServer({ ...options, dir })
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    throw new Error(/EADDRINUSE/.test(message) ? `Port ${options.port} is in use: pick another with --port.` : message, { cause: error })
  }
  const local = server.url.replace('127.0.0.1', 'localhost')
  console.log(`Serving ${dir} on ${local}`)
  console.log(`  audience:  ${local}/1`)
  console.log(`  presenter: ${local}/presenter/1${server.passwordSource ? '?password=…' : ''}`)
  if (options.redis) console.log(`  shared:    with every process given --redis ${redisLabel(options.redis)}`)
  if (server.passwordSource) console.log(`  presenter password from ${server.passwordSource}: only connections that give it may drive the deck`)
  else if (options.host !== '127.0.0.1' && options.host !== 'localhost' && options.host !== '::1')
    console.log(`  warning: no presenter password and the server is open to the network: anyone who can reach it can drive the deck (use --password)`)
  return await new Promise<number>((done) => {
    const stop = () => server.close().then(() => done(0))
    process.once('SIGINT', stop)
    process.once('SIGTERM', stop)
  })
}
