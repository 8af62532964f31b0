// What a window heard from the others, for the tests that check a window did NOT follow: instead of sleeping and
// hoping the message would have come by then, they wait until the message (or a probe sent after it) has arrived
// and been handled, then look.
//
// Same browser: an init script records the sync messages each window receives (the deck's BroadcastChannel and the
// storage events), and keeps the deck's own channels so a test can send a probe down the same channel after the
// messages in question (one channel delivers in order). Across devices (`npm run serve`): the WebSocket frames a
// page sends are recorded by Playwright itself.
import { expect, type BrowserContext, type Page, type WebSocket } from '@playwright/test'

interface ProbeWindow {
  __syncHeard: { via: 'channel' | 'storage'; data: unknown }[]
  __syncChannels: BroadcastChannel[]
}

/** Records the sync messages every window of `context` receives (call before its pages open). */
export async function recordSync(context: BrowserContext) {
  await context.addInitScript(() => {
    const w = window as unknown as ProbeWindow
    w.__syncHeard = []
    w.__syncChannels = []
    const Native = window.BroadcastChannel
    // A test that takes BroadcastChannel away (storage events only) may do so before or after this script.
    if (typeof Native === 'function') {
      window.BroadcastChannel = class extends Native {
        constructor(name: string) {
          super(name)
          if (!name.startsWith('deck-sync:')) return
          w.__syncChannels.push(this)
          // Added after the deck's own listener: it runs once the deck has handled the message.
          queueMicrotask(() => this.addEventListener('message', (event) => w.__syncHeard.push({ via: 'channel', data: event.data })))
        }
      }
    }
    addEventListener('storage', (event) => {
      if (!event.key?.startsWith('deck-sync:') || !event.newValue) return
      try {
        w.__syncHeard.push({ via: 'storage', data: { type: 'patch', patch: JSON.parse(event.newValue) } })
      } catch {
        // Not a sync message.
      }
    })
  })
}

type Patch = Record<string, unknown>

/** Waits until `page` has received (and handled: the deck's listeners run first) a patch matching `match`. */
export async function heardPatch(page: Page, match: Patch, via?: 'channel' | 'storage') {
  await expect
    .poll(
      () =>
        page.evaluate(
          ({ match, via }) =>
            (window as unknown as ProbeWindow).__syncHeard.some((m) => {
              const message = m.data as { type?: string; patch?: Patch }
              if ((via && m.via !== via) || message?.type !== 'patch' || !message.patch) return false
              return Object.entries(match).every(([key, value]) => JSON.stringify(message.patch![key]) === JSON.stringify(value))
            }),
          { match, via },
        ),
      { message: `${page.url()} never heard ${JSON.stringify(match)}` },
    )
    .toBe(true)
  await frames(page, 2)
}

/**
 * Sends a probe from `from` down the deck's own channel and waits until `to` has it: everything `from` sent before
 * has then arrived at `to` and been handled. The deck ignores a message of a type it does not know.
 */
export async function flushChannel(from: Page, to: Page) {
  const id = `probe-${Math.random().toString(36).slice(2)}`
  const sent = await from.evaluate((id) => {
    const channels = (window as unknown as ProbeWindow).__syncChannels
    for (const channel of channels) channel.postMessage({ type: 'probe', id })
    return channels.length
  }, id)
  expect(sent, 'the deck opened no sync channel in this window').toBeGreaterThan(0)
  await expect
    .poll(() => to.evaluate((id) => (window as unknown as ProbeWindow).__syncHeard.some((m) => (m.data as { id?: string })?.id === id), id))
    .toBe(true)
  await frames(to, 2)
}

/** Lets `n` animation frames pass in the page (what a handled message renders is on screen after them). */
export function frames(page: Page, n: number) {
  return page.evaluate((n) => new Promise<void>((done) => {
    const next = (left: number) => (left ? requestAnimationFrame(() => next(left - 1)) : done())
    next(n)
  }), n)
}

/** Records the sync frames a page sends to the relay (call before the page opens its socket). */
export function recordSentFrames(page: Page): string[] {
  const sent: string[] = []
  page.on('websocket', (socket: WebSocket) => socket.on('framesent', ({ payload }) => sent.push(String(payload))))
  return sent
}

/** The patches among the frames a page sent. */
export const sentPatches = (frames: string[]) => frames.filter((payload) => payload.includes('"type":"patch"'))

/**
 * Waits until a window's pending drawing update has gone out. The deck sends a window's strokes at most every 100 ms
 * (DRAWINGS_INTERVAL, src/state/sync/controller.ts), from a timer set when the stroke changed; a timer set in the page
 * now, for that long, fires after it. Then flushChannel() knows the update (if any was sent) has arrived.
 */
export const drawingsSent = (page: Page) => page.evaluate(() => new Promise<void>((done) => setTimeout(done, 100)))
