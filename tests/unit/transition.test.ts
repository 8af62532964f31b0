// Which transition a slide change uses: the entered slide's going forward, the left slide's (its second half after
// a "|") going back, the deck's default otherwise; unknown names fall back.
import { describe, expect, it } from 'vitest'
import { pickTransition } from '../../src/features/play/transition'

const slide = (transition?: unknown) => ({ frontmatter: transition === undefined ? {} : { transition } })

describe('pickTransition', () => {
  it.each([
    ['forward into a slide-up slide', slide(), slide('slide-up'), true, 'slide-left', 'slide-up'],
    ['back out of a slide-up slide', slide('slide-up'), slide(), false, 'slide-left', 'slide-up'],
    ['back uses the left slide, not the entered one', slide(), slide('slide-up'), false, 'slide-left', 'slide-left'],
    ['no transition: the deck default', slide(), slide(), true, 'fade', 'fade'],
    ['forward|backward pairs: forward half', slide(), slide('slide-up|slide-left'), true, 'fade', 'slide-up'],
    ['forward|backward pairs: backward half', slide('slide-up|fade'), slide(), false, 'slide-left', 'fade'],
    ['view transitions are named as such', slide(), slide('view-transition'), true, 'slide-left', 'view-transition'],
    ['an unknown name: the deck default', slide(), slide('spin'), true, 'slide-up', 'slide-up'],
    ['an unknown name and default: slide-left', slide(), slide('spin'), true, 'twirl', 'slide-left'],
    ['a non-string value: the deck default', slide(), slide(42), true, 'slide-up', 'slide-up'],
    ['no slide at all (an edit removed it)', undefined, slide('none'), true, 'slide-left', 'none'],
  ] as const)('%s', (_, from, to, forward, deckDefault, expected) => {
    expect(pickTransition(from, to, forward, deckDefault)).toBe(expected)
  })
})
