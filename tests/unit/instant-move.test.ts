// A move shown at once gives the stage's elements the classes SlideStage renders for the same move.
import { describe, expect, it } from 'vitest'
import { applyMove, shownClass, SLIDE_CLASS, stageClass } from '../../src/stage/instant-move'
import { offerInstantReveal, revealAtOnce } from '../../src/state/instant-reveal'

const element = (className: string) => ({ className }) as unknown as HTMLElement

describe('applyMove', () => {
  it('forward with a transition: the next slide enters, the shown one leaves, the stage says which way', () => {
    const stage = element(stageClass(null, true))
    const slides = new Map([
      [2, element(SLIDE_CLASS.ahead)],
      [3, element(shownClass(false))],
      [4, element(SLIDE_CLASS.ahead)],
    ])
    applyMove({ stage, slides }, 3, 4, 'slide-left')
    expect(stage.className).toBe('slidev-stage transition-slide-left forward')
    expect(slides.get(4)!.className).toBe('slidev-stage-slide deck-enter')
    expect(slides.get(3)!.className).toBe('slidev-stage-slide deck-leave')
    expect(slides.get(2)!.className).toBe('deck-ahead')
  })

  it('back, while an earlier move still leaves: that slide is hidden, the direction reversed', () => {
    const stage = element('slidev-stage transition-slide-up forward')
    const slides = new Map([
      [3, element(SLIDE_CLASS.leaving)],
      [4, element(shownClass(true))],
      [5, element(SLIDE_CLASS.ahead)],
    ])
    applyMove({ stage, slides }, 4, 3, 'slide-up')
    expect(stage.className).toBe('slidev-stage transition-slide-up backward')
    expect(slides.get(3)!.className).toBe('slidev-stage-slide deck-enter')
    expect(slides.get(4)!.className).toBe('slidev-stage-slide deck-leave')
    expect(slides.get(5)!.className).toBe('deck-ahead')
  })

  it('with no transition the slide left is hidden at once and nothing enters', () => {
    const stage = element(stageClass(null, true))
    const slides = new Map([
      [1, element(shownClass(false))],
      [2, element(SLIDE_CLASS.ahead)],
    ])
    applyMove({ stage, slides }, 1, 2, null)
    expect(stage.className).toBe(stageClass(null, true))
    expect(slides.get(2)!.className).toBe('slidev-stage-slide')
    expect(slides.get(1)!.className).toBe('deck-ahead')
  })
})

describe('revealAtOnce', () => {
  it('answers false with no stage, asks the stage offered, and forgets it when withdrawn', () => {
    expect(revealAtOnce({ no: 1, clicks: 0 }, { no: 2, clicks: 0 })).toBe(false)
    const asked: number[] = []
    const withdraw = offerInstantReveal((_from, to) => (asked.push(to.no), to.no === 2))
    expect(revealAtOnce({ no: 1, clicks: 0 }, { no: 2, clicks: 0 })).toBe(true)
    expect(revealAtOnce({ no: 1, clicks: 0 }, { no: 3, clicks: 0 })).toBe(false)
    withdraw()
    expect(revealAtOnce({ no: 1, clicks: 0 }, { no: 2, clicks: 0 })).toBe(false)
    expect(asked).toEqual([2, 3])
  })
})
