// Which transition a slide change uses: the entered slide's going forward, the left slide's (its second half after
// a "|") going back, the deck's default otherwise; unknown names fall back.
import { describe, expect, it } from 'vitest'
import { pickTransition } from '../../src/features/play/transition'
import { slideAhead, stageOrder } from '../../src/features/play/stage-slides'

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

describe('the stage holds the shown slide, the leaving one and the one ahead', () => {
  const deck = (...preload: (boolean | undefined)[]) => preload.map((p) => ({ frontmatter: p === undefined ? {} : { preload: p } }))

  it.each([
    ['the next slide', 3, deck(undefined, undefined, undefined, undefined), 4],
    ['none after the last', 4, deck(undefined, undefined, undefined, undefined), 0],
    ['none when the next says preload: false', 2, deck(undefined, undefined, false, undefined), 0],
    ['preload: true is the default', 2, deck(undefined, undefined, true), 3],
    ['a slide that says preload: false is shown, and the one after it is ahead', 3, deck(undefined, undefined, false, undefined), 4],
    ['none in an empty deck', 1, deck(), 0],
  ] as const)('ahead: %s', (_, shown, slides, expected) => {
    expect(slideAhead(shown, slides)).toBe(expected)
  })

  it.each([
    ['forward: leaving, entering (the one ahead before), the new one ahead', 4, 3, 5, [3, 4, 5]],
    ['back: entering, then the slide left (now ahead)', 3, 4, 4, [3, 4]],
    ['a jump back: the leaving slide after, then the one ahead in its place', 2, 7, 3, [2, 3, 7]],
    ['at rest', 5, 0, 6, [5, 6]],
    ['the last slide alone', 9, 0, 0, [9]],
  ] as const)('order: %s', (_, shown, leaving, ahead, expected) => {
    expect(stageOrder(shown, leaving, ahead)).toEqual(expected)
  })
})
