// A TCP port nothing listens on now (the OS picks it): for servers a bench or a test starts beside its own (redis-server).
import { createServer } from 'node:net'

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer()
    probe.once('error', fail)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => done(port))
    })
  })
}
