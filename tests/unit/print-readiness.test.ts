// The print view's waits (a frame, an image, a change below the root) end on their event or on abort, and leave no
// listener on the signal behind either way: a print that waits many frames must not pile them up.
import { getEventListeners } from 'node:events'
import { describe, expect, it, vi } from 'vitest'
import { abortable } from '../../src/features/print/readiness'

describe('abortable', () => {
  it('ends when its event comes, runs its cleanup once and removes its abort listener', async () => {
    const controller = new AbortController()
    const cleanup = vi.fn()
    let finish!: () => void
    const wait = abortable(controller.signal, (done) => {
      finish = done
      return cleanup
    })
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1)
    finish()
    finish()
    await wait
    expect(cleanup).toHaveBeenCalledTimes(1)
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0)
  })

  it('a hundred waits in a row leave nothing on the signal', async () => {
    const controller = new AbortController()
    for (let i = 0; i < 100; i++) await abortable(controller.signal, (done) => (queueMicrotask(done), () => {}))
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0)
  })

  it('ends on abort, with its cleanup run', async () => {
    const controller = new AbortController()
    const cleanup = vi.fn()
    const wait = abortable(controller.signal, () => cleanup)
    controller.abort()
    await wait
    expect(cleanup).toHaveBeenCalledTimes(1)
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0)
  })

  it('an already aborted signal ends at once without starting the wait; a wait that ends as it starts is cleaned', async () => {
    const controller = new AbortController()
    controller.abort()
    const begin = vi.fn(() => () => {})
    await abortable(controller.signal, begin)
    expect(begin).not.toHaveBeenCalled()

    const cleanup = vi.fn()
    await abortable(new AbortController().signal, (done) => (done(), cleanup))
    expect(cleanup).toHaveBeenCalledTimes(1)
  })
})
