// The recorder's state for the whole page: one recording at a time, which goes on while its dialog is closed.
import { atom, useAtom, useAtomValue } from 'jotai'
import { useCallback, useEffect, useState } from 'react'
import { configAtom } from '../../state/deck'
import { cameraAtom, micAtom } from '../../state/preferences'
import { formatRecordingTime, problemFromError, type RecordingKind, type RecordingProblem } from '../../logic/recording'
import { startSession, type RecordedFile, type RecordingSession } from './session'

export type RecorderStatus = 'idle' | 'starting' | 'recording' | 'paused' | 'stopping'

export interface RecorderState {
  status: RecorderStatus
  /** Recorded time before the current run (pauses excluded), and when the current run began (performance.now()). */
  elapsedMs: number
  runningSince: number | null
  files: { kind: RecordingKind; name: string; url: string; size: number }[]
  problem: RecordingProblem | null
}

const initial: RecorderState = { status: 'idle', elapsedMs: 0, runningSince: null, files: [], problem: null }
export const recorderAtom = atom<RecorderState>(initial)
export const recordDialogOpenAtom = atom(false)
export const showCameraAtom = atom(false)

let session: RecordingSession | null = null

/** The recorded time so far, pauses left out. */
export function recordedMs(state: RecorderState, now: number): number {
  return state.elapsedMs + (state.runningSince === null ? 0 : now - state.runningSince)
}

/** The recorded time as m:ss while a recording runs or waits (paused, stopping), refreshed twice a second; else null. */
export function useRecordingClock(): string | null {
  const state = useAtomValue(recorderAtom)
  const [, setTick] = useState(0)
  const running = state.status === 'recording'
  useEffect(() => {
    if (!running) return
    const id = window.setInterval(() => setTick((n) => n + 1), 500)
    return () => window.clearInterval(id)
  }, [running])
  return state.status === 'recording' || state.status === 'paused' || state.status === 'stopping' ? formatRecordingTime(recordedMs(state, performance.now())) : null
}

const deviceConstraint = (id: string): MediaTrackConstraints | boolean => (id === 'default' ? true : { deviceId: { exact: id } })

export function useRecorder() {
  const [state, setState] = useAtom(recorderAtom)
  const config = useAtomValue(configAtom)
  const camera = useAtomValue(cameraAtom)
  const mic = useAtomValue(micAtom)

  const finish = useCallback(async (problem: RecordingProblem | null) => {
    const current = session
    session = null
    if (!current) return
    setState((s) => ({ ...s, status: 'stopping', problem: problem ?? s.problem }))
    const files: RecordedFile[] = await current.stop()
    setState((s) => ({
      ...s,
      status: 'idle',
      elapsedMs: recordedMs(s, performance.now()),
      runningSince: null,
      files: files.map((f) => ({ kind: f.kind, name: f.name, url: URL.createObjectURL(f.blob), size: f.blob.size })),
    }))
  }, [setState])

  const start = useCallback(
    async (withSlides: boolean) => {
      if (session) return
      setState((s) => {
        for (const file of s.files) URL.revokeObjectURL(file.url)
        return { ...initial, status: 'starting' }
      })
      if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices) {
        setState({ ...initial, problem: 'unsupported' })
        return
      }
      const opened: MediaStream[] = []
      const open = async (get: () => Promise<MediaStream>) => {
        const stream = await get()
        opened.push(stream)
        return stream
      }
      try {
        const media = navigator.mediaDevices
        const screen = withSlides ? await open(() => media.getDisplayMedia({ video: true, audio: false })) : null
        const cameraStream = camera === 'none' ? null : await open(() => media.getUserMedia({ video: deviceConstraint(camera) }))
        const micStream = mic === 'none' ? null : await open(() => media.getUserMedia({ audio: deviceConstraint(mic) }))
        session = startSession(
          { screen, camera: cameraStream, mic: micStream },
          {
            title: config.title,
            startedAt: new Date(),
            onProblem: (problem, kind) => {
              setState((s) => ({ ...s, problem }))
              // With one source gone the other goes on; with none left the recording ends and its files are offered.
              if (kind === 'slides' ? !cameraStream : !screen) void finish(problem)
            },
          },
        )
        setState((s) => ({ ...s, status: 'recording', runningSince: performance.now() }))
      } catch (error) {
        for (const stream of opened) for (const track of stream.getTracks()) track.stop()
        session = null
        setState({ ...initial, problem: error instanceof Error && error.name === 'NotSupportedError' ? 'unsupported' : problemFromError(error) })
      }
    },
    [camera, mic, config.title, setState, finish],
  )

  const pause = useCallback(() => {
    session?.pause()
    setState((s) => (s.status === 'recording' ? { ...s, status: 'paused', elapsedMs: recordedMs(s, performance.now()), runningSince: null } : s))
  }, [setState])

  const resume = useCallback(() => {
    session?.resume()
    setState((s) => (s.status === 'paused' ? { ...s, status: 'recording', runningSince: performance.now() } : s))
  }, [setState])

  const stop = useCallback(() => finish(null), [finish])

  return { state, start, pause, resume, stop }
}
