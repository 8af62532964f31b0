// Makes it possible to record the talk: choose the camera and microphone, start, pause, stop, download the files.
import { useCallback, useEffect, useRef, useState } from 'react'
import { useAtom, useAtomValue } from 'jotai'
import { configAtom } from '../../state/deck'
import { cameraAtom, micAtom } from '../../state/preferences'
import { useDialog } from '../../kit/useDialog'
import { labelsFor } from '../../kit/labels'
import { icons } from '../../kit/icons'
import { recordDialogOpenAtom, useRecorder, useRecordingClock } from './recorder'
import './recording.css'

interface Device {
  id: string
  label: string
}

/** The cameras and microphones the browser offers (labels appear once the page may use them). */
function useDevices(refreshKey: unknown) {
  const [devices, setDevices] = useState<{ cameras: Device[]; mics: Device[] }>({ cameras: [], mics: [] })
  useEffect(() => {
    const media = navigator.mediaDevices
    if (!media?.enumerateDevices) return
    const read = () =>
      media.enumerateDevices().then(
        (list) => {
          const pick = (kind: MediaDeviceKind) => list.filter((d) => d.kind === kind && d.deviceId && d.deviceId !== 'default').map((d) => ({ id: d.deviceId, label: d.label }))
          setDevices({ cameras: pick('videoinput'), mics: pick('audioinput') })
        },
        () => {},
      )
    void read()
    media.addEventListener('devicechange', read)
    return () => media.removeEventListener('devicechange', read)
  }, [refreshKey])
  return devices
}

export default function RecordDialog() {
  const [open, setOpen] = useAtom(recordDialogOpenAtom)
  const config = useAtomValue(configAtom)
  const t = labelsFor(config.htmlAttrs.lang)
  const r = t.recording
  const [camera, setCamera] = useAtom(cameraAtom)
  const [mic, setMic] = useAtom(micAtom)
  const [withSlides, setWithSlides] = useState(true)
  const { state, start, pause, resume, stop } = useRecorder()
  const devices = useDevices(state.status)
  const ref = useRef<HTMLDivElement>(null)
  const close = useCallback(() => setOpen(false), [setOpen])
  useDialog(ref, open, close)
  const clock = useRecordingClock()

  if (!open) return null
  const busy = state.status !== 'idle'
  const deviceOptions = (kind: 'camera' | 'mic', list: Device[]) => [
    <option key="default" value="default">
      {r.defaultDevice}
    </option>,
    ...list.map((d, i) => (
      <option key={d.id} value={d.id}>
        {d.label || r.device(kind, i + 1)}
      </option>
    )),
    <option key="none" value="none">
      {r.none}
    </option>,
  ]
  const status = { idle: r.idle, starting: r.starting, recording: r.recording, paused: r.paused, stopping: r.stopping }[state.status]

  return (
    <div className="slidev-modal-backdrop" onClick={(e) => e.target === e.currentTarget && close()}>
      <div ref={ref} className="slidev-record" role="dialog" aria-modal="true" aria-labelledby="slidev-record-title" data-testid="record-dialog">
        <div className="slidev-record-header">
          <h2 id="slidev-record-title">{r.dialog}</h2>
          <button type="button" className="slidev-icon-btn" onClick={close} aria-label={busy ? r.close : t.close} title={`${busy ? r.close : t.close} (Esc)`}>
            {icons.close}
          </button>
        </div>
        <label className="slidev-record-field">
          <span>{r.chooseCamera}</span>
          <select value={camera} onChange={(e) => setCamera(e.target.value)} disabled={busy} data-testid="record-camera">
            {deviceOptions('camera', devices.cameras)}
          </select>
        </label>
        <label className="slidev-record-field">
          <span>{r.chooseMic}</span>
          <select value={mic} onChange={(e) => setMic(e.target.value)} disabled={busy} data-testid="record-mic">
            {deviceOptions('mic', devices.mics)}
          </select>
        </label>
        <label className="slidev-record-check">
          <input type="checkbox" checked={withSlides} onChange={(e) => setWithSlides(e.target.checked)} disabled={busy} data-testid="record-slides" />
          <span>{r.withSlides}</span>
        </label>
        <p className="slidev-record-status" aria-live="polite" data-testid="record-status" data-status={state.status}>
          {state.status === 'recording' || state.status === 'paused' ? <span className="slidev-record-dot" aria-hidden="true" /> : null}
          {status}
          {clock ? (
            <span className="slidev-record-time" data-testid="record-time">
              {' '}
              {clock}
            </span>
          ) : null}
        </p>
        {state.problem ? (
          <p className="slidev-record-problem" role="alert" data-testid="record-problem" data-problem={state.problem}>
            {r.problems[state.problem]}
          </p>
        ) : null}
        <div className="slidev-record-actions">
          {state.status === 'idle' ? (
            <button type="button" className="slidev-record-btn is-primary" onClick={() => void start(withSlides)} data-testid="record-start">
              {r.start}
            </button>
          ) : null}
          {state.status === 'recording' ? (
            <button type="button" className="slidev-record-btn" onClick={pause} data-testid="record-pause">
              {r.pause}
            </button>
          ) : null}
          {state.status === 'paused' ? (
            <button type="button" className="slidev-record-btn" onClick={resume} data-testid="record-resume">
              {r.resume}
            </button>
          ) : null}
          {state.status === 'recording' || state.status === 'paused' ? (
            <button type="button" className="slidev-record-btn is-primary" onClick={() => void stop()} data-testid="record-stop">
              {r.stop}
            </button>
          ) : null}
        </div>
        {state.files.length ? (
          <div className="slidev-record-files">
            <h3>{r.files}</h3>
            <ul>
              {state.files.map((file) => (
                <li key={file.url}>
                  <a href={file.url} download={file.name} data-testid={`record-file-${file.kind}`}>
                    {file.name}
                  </a>{' '}
                  <span className="slidev-record-size">({(file.size / 1024 / 1024).toFixed(1)} MB)</span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </div>
  )
}
