// The recorder's rules: when it exists, where the camera frame may sit, what files are called, which container is
// written, and how a recording keeps its data when a device goes away.
import { describe, expect, it } from 'vitest'
import {
  CAMERA_MIN_SIZE,
  DEFAULT_CAMERA_FRAME,
  formatRecordingTime,
  framePlacement,
  isCameraFrame,
  moveFrame,
  pickRecorderMime,
  problemFromError,
  recordingEnabled,
  recordingFileName,
  resizeFrame,
} from '../../src/logic/recording'
import { parseDeck } from '../../plugin/parser'

const screen = { width: 1280, height: 720 }

describe('record setting', () => {
  it.each([
    [true, false, true],
    [true, true, true],
    [false, true, false],
    [false, false, false],
    ['dev', true, true],
    ['dev', false, false],
  ] as const)('record %s, dev %s → %s', (record, dev, expected) => {
    expect(recordingEnabled(record, dev)).toBe(expected)
  })

  it('defaults to dev, reads true and false, and reports anything else with its line', () => {
    expect(parseDeck('---\ntitle: x\n---\n\n# a\n').config.record).toBe('dev')
    expect(parseDeck('---\nrecord: false\n---\n\n# a\n').config.record).toBe(false)
    expect(parseDeck('---\nrecord: true\n---\n\n# a\n').config.record).toBe(true)
    const bad = parseDeck('---\ntitle: x\nrecord: sometimes\n---\n\n# a\n')
    expect(bad.config.record).toBe('dev')
    expect(bad.errors.map((e) => e.message).join('\n')).toContain('"record" must be true, false or "dev"')
  })
})

describe('camera frame', () => {
  it('starts in the bottom-right corner, inside the window', () => {
    const place = framePlacement(DEFAULT_CAMERA_FRAME, screen)
    expect(place.left + place.width).toBe(screen.width)
    expect(place.top + place.height).toBe(screen.height)
  })

  it('moves by pixels and never leaves the window', () => {
    const moved = moveFrame(DEFAULT_CAMERA_FRAME, -200, -100, screen)
    const place = framePlacement(moved, screen)
    expect(place.left).toBe(screen.width - 180 - 200)
    expect(place.top).toBe(screen.height - 180 - 100)
    const far = framePlacement(moveFrame(moved, -5000, -5000, screen), screen)
    expect([far.left, far.top]).toEqual([0, 0])
    const back = framePlacement(moveFrame(moved, 5000, 5000, screen), screen)
    expect([back.left + back.width, back.top + back.height]).toEqual([screen.width, screen.height])
  })

  it('keeps its relative place when the window changes size', () => {
    const frame = { ...DEFAULT_CAMERA_FRAME, x: 0.5, y: 0 }
    const small = framePlacement(frame, { width: 600, height: 400 })
    expect(small.left).toBe(Math.round((600 - 180) / 2))
    expect(small.top).toBe(0)
  })

  it('resizes between a minimum and 80 % of the shorter side; a rectangle is 4:3', () => {
    expect(resizeFrame(DEFAULT_CAMERA_FRAME, -1000, screen).size).toBe(CAMERA_MIN_SIZE)
    expect(resizeFrame(DEFAULT_CAMERA_FRAME, 5000, screen).size).toBe(Math.round(720 * 0.8))
    const rect = framePlacement({ ...DEFAULT_CAMERA_FRAME, shape: 'rect', size: 200 }, screen)
    expect([rect.width, rect.height]).toEqual([200, 150])
    // A stored size too big for a small window is fitted to it.
    expect(framePlacement({ ...DEFAULT_CAMERA_FRAME, size: 2000 }, { width: 400, height: 300 }).width).toBe(240)
  })

  it('accepts only well-formed stored frames', () => {
    expect(isCameraFrame(DEFAULT_CAMERA_FRAME)).toBe(true)
    for (const bad of [null, 'x', {}, { ...DEFAULT_CAMERA_FRAME, x: 2 }, { ...DEFAULT_CAMERA_FRAME, size: 10 }, { ...DEFAULT_CAMERA_FRAME, shape: 'star' }, { ...DEFAULT_CAMERA_FRAME, y: Number.NaN }])
      expect(isCameraFrame(bad)).toBe(false)
  })
})

describe('files', () => {
  const at = new Date(2026, 10, 23, 9, 5)
  it('names files after the deck title, the start time and what was recorded', () => {
    expect(recordingFileName('银行业务与货币创造', 'slides', at)).toBe('银行业务与货币创造-2026-11-23-0905-slides.webm')
    expect(recordingFileName('a/b: c?', 'camera', at, 'mp4')).toBe('a-b-c-2026-11-23-0905-camera.mp4')
    expect(recordingFileName('  ', 'camera', at)).toBe('deck-2026-11-23-0905-camera.webm')
  })

  it('picks the best container the browser can write, with or without sound', () => {
    expect(pickRecorderMime(() => true, true)).toBe('video/webm;codecs=vp9,opus')
    expect(pickRecorderMime((t) => t === 'video/webm', false)).toBe('video/webm')
    expect(pickRecorderMime((t) => t === 'video/mp4', true)).toBe('video/mp4')
    expect(pickRecorderMime(() => false, true)).toBeUndefined()
  })

  it('formats the recorded time', () => {
    expect(formatRecordingTime(0)).toBe('00:00')
    expect(formatRecordingTime(65_400)).toBe('01:05')
    expect(formatRecordingTime(3_605_000)).toBe('1:00:05')
    expect(formatRecordingTime(-5)).toBe('00:00')
  })

  it('tells refused permission from a missing device', () => {
    expect(problemFromError(new DOMException('no', 'NotAllowedError'))).toBe('denied')
    expect(problemFromError(new DOMException('no', 'NotFoundError'))).toBe('no-device')
    expect(problemFromError(new DOMException('no', 'OverconstrainedError'))).toBe('no-device')
    expect(problemFromError(new Error('boom'))).toBe('failed')
    expect(problemFromError(undefined)).toBe('failed')
  })
})
