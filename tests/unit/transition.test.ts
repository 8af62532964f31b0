// Which transition a slide change uses: the entered slide's going forward, the left slide's (its second half after
// a "|") going back, the deck's default otherwise; unknown names fall back.
import { describe, expect, it } from 'vitest'
import { pickTransition } from '../../src/stage/transition'
import { slidesAhead, stageSlides } from '../../src/stage/stage-slides'

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

describe('the stage holds the shown slide, the leaving one and its neighbours, rendered ahead', () => {
  const deck = (...preload: (boolean | undefined)[]) => preload.map((p) => ({ frontmatter: p === undefined ? {} : { preload: p } }))

  it.each([
    ['both neighbours', 3, deck(undefined, undefined, undefined, undefined), { next: 4, previous: 2 }],
    ['none after the last', 4, deck(undefined, undefined, undefined, undefined), { next: 0, previous: 3 }],
    ['none before the first', 1, deck(undefined, undefined), { next: 2, previous: 0 }],
    ['not the next one when it says preload: false', 2, deck(undefined, undefined, false, undefined), { next: 0, previous: 1 }],
    ['not the previous one when it says preload: false', 2, deck(false, undefined, undefined), { next: 3, previous: 0 }],
    ['preload: true is the default', 2, deck(true, undefined, true), { next: 3, previous: 1 }],
    ['a slide that says preload: false is shown, its neighbours are ahead', 3, deck(undefined, undefined, false, undefined), { next: 4, previous: 2 }],
    ['none in a one-slide deck', 1, deck(undefined), { next: 0, previous: 0 }],
  ] as const)('ahead: %s', (_, shown, slides, expected) => {
    expect(slidesAhead(shown, slides)).toEqual(expected)
  })

  const roles = (shown: number, leaving: number, ahead: readonly number[]) => stageSlides(shown, leaving, ahead).map(({ no, role }) => `${no}:${role}`)

  it.each([
    ['forward: leaving, entering (the next one before), the new next one', 4, 3, [0, 5], ['3:leaving', '4:shown', '5:ahead']],
    ['forward with the previous one kept: it is the leaving one', 4, 3, [3, 5], ['3:leaving', '4:shown', '5:ahead']],
    ['back: the entering one (the previous one before), then the one left (also the next)', 3, 4, [2, 4], ['2:ahead', '3:shown', '4:leaving']],
    ['a jump back: the leaving slide after, the neighbours in their places', 2, 7, [1, 3], ['1:ahead', '2:shown', '3:ahead', '7:leaving']],
    ['at rest', 5, 0, [4, 6], ['4:ahead', '5:shown', '6:ahead']],
    ['the only slide', 1, 0, [0, 0], ['1:shown']],
  ] as const)('order and roles: %s', (_, shown, leaving, ahead, expected) => {
    expect(roles(shown, leaving, ahead)).toEqual(expected)
  })
})
