// The presenter view's rules: notes font size, the spoken part of a note, the next-step preview, the talk timer.
import { describe, expect, it } from 'vitest'
import { clampFontSize, noteSegmentStates, previewPosition, stepFontSize } from '../../src/logic/presenter'
import { formatClock, formatDuration, pauseTimer, resetTimer, startTimer, timerElapsed, STOPPED } from '../../src/logic/timer'

describe('notes font size: 0.5 to 2 in steps of 0.1', () => {
  const clamp: [number, number][] = [
    [1, 1],
    [0.5, 0.5],
    [2, 2],
    [0.4, 0.5],
    [0, 0.5],
    [-3, 0.5],
    [2.1, 2],
    [99, 2],
    [1.04, 1],
    [1.06, 1.1],
    [0.1 + 0.2, 0.5],
    [1.2000000000000002, 1.2],
    [Number.NaN, 1],
    [Number.POSITIVE_INFINITY, 1],
  ]
  it.each(clamp)('clampFontSize(%s) = %s', (value, expected) => {
    expect(clampFontSize(value)).toBe(expected)
  })
  it('steps without float drift and stops at the ends', () => {
    let size = 1
    for (let i = 0; i < 3; i++) size = stepFontSize(size, 1)
    expect(size).toBe(1.3)
    for (let i = 0; i < 30; i++) size = stepFontSize(size, 1)
    expect(size).toBe(2)
    for (let i = 0; i < 30; i++) size = stepFontSize(size, -1)
    expect(size).toBe(0.5)
  })
})

describe('the spoken part of a note', () => {
  const cases: [number[], number, string[]][] = [
    [[0, 1, 2], 0, ['current', 'future', 'future']],
    [[0, 1, 2], 1, ['past', 'current', 'future']],
    [[0, 1, 2], 2, ['past', 'past', 'current']],
    [[0, 1, 2], 7, ['past', 'past', 'current']],
    [[1, 2], 0, ['future', 'future']],
    [[0, 3], 2, ['current', 'future']],
    [[0, 3, 1], 2, ['past', 'future', 'current']], // [click:3] written before [click]
    [[], 1, []],
  ]
  it.each(cases)('segments %j at step %i', (segments, clicks, expected) => {
    expect(noteSegmentStates(segments, clicks)).toEqual(expected)
  })
})

describe('the next-step preview', () => {
  const deck = { total: 3, clicksOf: (no: number) => [0, 0, 2, 0][no] ?? 0 }
  it('is the next click of this slide, then the next slide, then nothing', () => {
    expect(previewPosition({ no: 2, clicks: 0 }, deck)).toEqual({ no: 2, clicks: 1 })
    expect(previewPosition({ no: 2, clicks: 2 }, deck)).toEqual({ no: 3, clicks: 0 })
    expect(previewPosition({ no: 1, clicks: 0 }, deck)).toEqual({ no: 2, clicks: 0 })
    expect(previewPosition({ no: 3, clicks: 0 }, deck)).toBeNull()
  })
})

describe('the talk timer', () => {
  it('counts while running, holds while paused, resumes where it stood, resets to zero', () => {
    let timer = STOPPED
    expect(timerElapsed(timer, 5000)).toBe(0)
    timer = startTimer(timer, 1000)
    expect(timerElapsed(timer, 4000)).toBe(3000)
    expect(startTimer(timer, 9999)).toBe(timer) // starting a running timer changes nothing
    timer = pauseTimer(timer, 6000)
    expect(timer.status).toBe('paused')
    expect(timerElapsed(timer, 60_000)).toBe(5000)
    expect(pauseTimer(timer, 70_000)).toBe(timer)
    timer = startTimer(timer, 100_000)
    expect(timerElapsed(timer, 101_500)).toBe(6500)
    // A clock that went backwards never makes time negative.
    expect(timerElapsed(timer, 50_000)).toBe(5000)
    expect(resetTimer()).toEqual({ status: 'stopped', elapsed: 0, since: 0 })
  })
  const durations: [number, string][] = [
    [0, '0:00'],
    [999, '0:00'],
    [61_000, '1:01'],
    [3_599_000, '59:59'],
    [3_723_000, '1:02:03'],
    [-5, '0:00'],
    [Number.NaN, '0:00'],
  ]
  it.each(durations)('formatDuration(%s) = %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text)
  })
  it('shows the wall clock as HH:MM', () => {
    expect(formatClock(new Date(2024, 0, 1, 9, 5))).toBe('09:05')
  })
})
