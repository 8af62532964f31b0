// A recording session with stand-ins for the browser's MediaRecorder and MediaStream: what each file holds,
// pause and resume, and a device that goes away mid-recording (its file is kept up to that moment).
import { describe, expect, it } from 'vitest'
import { startSession } from '../../src/features/recording/session'

class FakeTrack extends EventTarget {
  stopped = false
  constructor(readonly kind: 'audio' | 'video') {
    super()
  }
  stop() {
    this.stopped = true
  }
}

class FakeStream {
  constructor(readonly tracks: FakeTrack[] = []) {}
  getTracks() {
    return this.tracks
  }
  getVideoTracks() {
    return this.tracks.filter((t) => t.kind === 'video')
  }
  getAudioTracks() {
    return this.tracks.filter((t) => t.kind === 'audio')
  }
}

const recorders: FakeRecorder[] = []
class FakeRecorder extends EventTarget {
  static isTypeSupported = (type: string) => type.startsWith('video/webm')
  state: 'inactive' | 'recording' | 'paused' = 'inactive'
  mimeType: string
  constructor(readonly stream: FakeStream, options?: { mimeType?: string }) {
    super()
    this.mimeType = options?.mimeType ?? ''
    recorders.push(this)
  }
  start() {
    this.state = 'recording'
  }
  pause() {
    this.state = 'paused'
  }
  resume() {
    this.state = 'recording'
  }
  /** One timeslice of recorded data. */
  tick(text: string) {
    this.dispatchEvent(Object.assign(new Event('dataavailable'), { data: new Blob([text]) }))
  }
  stop() {
    this.tick('last')
    this.state = 'inactive'
    queueMicrotask(() => this.dispatchEvent(new Event('stop')))
  }
}

const fakes = { Recorder: FakeRecorder as unknown as typeof MediaRecorder, Stream: FakeStream as unknown as typeof MediaStream }
const stream = (...kinds: ('audio' | 'video')[]) => new FakeStream(kinds.map((k) => new FakeTrack(k))) as unknown as MediaStream

describe('recording session', () => {
  it('records the slides with the microphone and the camera apart, into two named files', async () => {
    recorders.length = 0
    const screen = stream('video')
    const camera = stream('video')
    const mic = stream('audio')
    const session = startSession({ screen, camera, mic }, { title: '测试', startedAt: new Date(2026, 0, 2, 3, 4), ...fakes })
    expect(recorders).toHaveLength(2)
    expect(recorders[0]!.stream.getAudioTracks()).toHaveLength(1)
    expect(recorders[1]!.stream.getAudioTracks()).toHaveLength(0)
    expect(recorders[0]!.mimeType).toBe('video/webm;codecs=vp9,opus')
    recorders[0]!.tick('a')
    session.pause()
    expect(recorders.every((r) => r.state === 'paused')).toBe(true)
    session.resume()
    expect(recorders.every((r) => r.state === 'recording')).toBe(true)
    const files = await session.stop()
    expect(files.map((f) => f.name)).toEqual(['测试-2026-01-02-0304-slides.webm', '测试-2026-01-02-0304-camera.webm'])
    expect(await files[0]!.blob.text()).toBe('alast')
    expect(files[0]!.blob.type).toBe('video/webm')
    // Every device is let go once the files are made.
    for (const s of [screen, camera, mic]) expect(s.getTracks().every((t) => (t as unknown as FakeTrack).stopped)).toBe(true)
    // Stopping twice gives the same files.
    expect(await session.stop()).toBe(files)
  })

  it('keeps what was recorded when a camera is unplugged, and the slides go on', async () => {
    recorders.length = 0
    const problems: string[] = []
    const camera = stream('video')
    const session = startSession({ screen: stream('video'), camera, mic: null }, { title: 't', startedAt: new Date(), ...fakes, onProblem: (p, kind) => problems.push(`${p}:${kind}`) })
    recorders[1]!.tick('cam')
    camera.getVideoTracks()[0]!.dispatchEvent(new Event('ended'))
    expect(problems).toEqual(['device-lost:camera'])
    expect(recorders[1]!.state).toBe('inactive')
    expect(recorders[0]!.state).toBe('recording')
    recorders[0]!.tick('slides')
    const files = await session.stop()
    expect(await files.find((f) => f.kind === 'camera')!.blob.text()).toBe('camlast')
    expect(await files.find((f) => f.kind === 'slides')!.blob.text()).toBe('slideslast')
  })

  it('records the camera with the microphone when the slides are not recorded', () => {
    recorders.length = 0
    startSession({ screen: null, camera: stream('video'), mic: stream('audio') }, { title: 't', startedAt: new Date(), ...fakes })
    expect(recorders).toHaveLength(1)
    expect(recorders[0]!.stream.getAudioTracks()).toHaveLength(1)
  })

  it('refuses to start with nothing to record or without MediaRecorder', () => {
    expect(() => startSession({ screen: null, camera: null, mic: stream('audio') }, { title: 't', startedAt: new Date(), ...fakes })).toThrow(/Nothing to record/)
    expect(() => startSession({ screen: stream('video'), camera: null, mic: null }, { title: 't', startedAt: new Date(), Stream: fakes.Stream })).toThrow(/MediaRecorder/)
  })
})
