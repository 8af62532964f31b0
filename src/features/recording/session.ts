// One recording of the talk: the slides (screen or tab capture, with the microphone) and the camera, each written by
// its own MediaRecorder into a file kept in memory. Nothing leaves the browser.
import { extensionFor, pickRecorderMime, recordingFileName, type RecordingKind, type RecordingProblem } from '../../logic/recording'

export interface RecordedFile {
  kind: RecordingKind
  name: string
  blob: Blob
}

export interface RecordingSources {
  /** The captured screen or tab (video), or null to record the camera only. */
  screen: MediaStream | null
  /** The camera (video), or null. */
  camera: MediaStream | null
  /** The microphone (audio), or null; it goes with the slides, else with the camera. */
  mic: MediaStream | null
}

export interface RecordingSession {
  pause(): void
  resume(): void
  /** Stops every recorder and the devices; resolves with the files recorded so far (never rejects). */
  stop(): Promise<RecordedFile[]>
}

export interface SessionOptions {
  title: string
  startedAt: Date
  /** A device went away mid-recording (unplugged, capture ended): its file is kept up to that moment. */
  onProblem?: (problem: RecordingProblem, kind: RecordingKind) => void
  /** Injected in tests; the browser's MediaRecorder and MediaStream otherwise. */
  Recorder?: typeof MediaRecorder
  Stream?: typeof MediaStream
}

/** Chunks are written every second, so a crash or an unplugged camera loses at most the last second. */
const TIMESLICE_MS = 1000

interface Track {
  kind: RecordingKind
  recorder: MediaRecorder
  chunks: Blob[]
  done: Promise<void>
  streams: MediaStream[]
}

export function startSession(sources: RecordingSources, options: SessionOptions): RecordingSession {
  const Recorder = options.Recorder ?? (typeof MediaRecorder === 'undefined' ? undefined : MediaRecorder)
  if (!Recorder) throw Object.assign(new Error('MediaRecorder is not available in this browser'), { name: 'NotSupportedError' })
  const plan: { kind: RecordingKind; video: MediaStream; audio: MediaStream | null }[] = []
  if (sources.screen) plan.push({ kind: 'slides', video: sources.screen, audio: sources.mic })
  if (sources.camera) plan.push({ kind: 'camera', video: sources.camera, audio: sources.screen ? null : sources.mic })
  const Stream = options.Stream ?? MediaStream
  if (!plan.length) throw Object.assign(new Error('Nothing to record: choose the slides or the camera'), { name: 'NotFoundError' })

  const tracks: Track[] = plan.map(({ kind, video, audio }) => {
    const stream = new Stream([...video.getVideoTracks(), ...(audio?.getAudioTracks() ?? [])])
    const mimeType = pickRecorderMime((type) => Recorder.isTypeSupported(type), Boolean(audio))
    const recorder = new Recorder(stream, mimeType ? { mimeType } : undefined)
    const chunks: Blob[] = []
    recorder.addEventListener('dataavailable', (event) => {
      if (event.data.size > 0) chunks.push(event.data)
    })
    const done = new Promise<void>((resolve) => recorder.addEventListener('stop', () => resolve(), { once: true }))
    // The capture ended under us (the camera unplugged, the browser's "stop sharing"): keep what was recorded.
    for (const track of video.getVideoTracks())
      track.addEventListener('ended', () => {
        if (recorder.state === 'inactive') return
        recorder.stop()
        options.onProblem?.('device-lost', kind)
      })
    recorder.start(TIMESLICE_MS)
    return { kind, recorder, chunks, done, streams: [video, ...(audio ? [audio] : [])] }
  })

  const each = (action: 'pause' | 'resume') => {
    for (const { recorder } of tracks) {
      if (action === 'pause' && recorder.state === 'recording') recorder.pause()
      if (action === 'resume' && recorder.state === 'paused') recorder.resume()
    }
  }

  let stopped: Promise<RecordedFile[]> | null = null
  return {
    pause: () => each('pause'),
    resume: () => each('resume'),
    stop() {
      stopped ??= (async () => {
        for (const { recorder } of tracks) if (recorder.state !== 'inactive') recorder.stop()
        await Promise.all(tracks.map((t) => t.done))
        for (const { streams } of tracks) for (const stream of streams) for (const track of stream.getTracks()) track.stop()
        return tracks
          .filter((t) => t.chunks.length)
          .map(({ kind, recorder, chunks }) => {
            const type = recorder.mimeType || chunks[0]?.type || 'video/webm'
            return { kind, name: recordingFileName(options.title, kind, options.startedAt, extensionFor(type)), blob: new Blob(chunks, { type: type.split(';')[0] }) }
          })
      })()
      return stopped
    },
  }
}
