// Shows the presenter's camera over the slides in a round or rectangular frame that can be dragged and resized.
import { useEffect, useRef, useState, useSyncExternalStore, type KeyboardEvent, type PointerEvent } from 'react'
import { createPortal } from 'react-dom'
import { useAtom, useAtomValue, useSetAtom } from 'jotai'
import { configAtom } from '../../state/deck'
import { cameraAtom, cameraFrameAtom } from '../../state/preferences'
import { framePlacement, moveFrame, problemFromError, resizeFrame, type RecordingProblem, type Viewport } from '../../logic/recording'
import { labelsFor } from '../../kit/labels'
import { showCameraAtom } from './recorder'
import './recording.css'

const STEP = 20

function subscribeResize(onChange: () => void) {
  window.addEventListener('resize', onChange)
  return () => window.removeEventListener('resize', onChange)
}
let cachedViewport: Viewport = { width: 0, height: 0 }
function readViewport(): Viewport {
  if (cachedViewport.width !== window.innerWidth || cachedViewport.height !== window.innerHeight) cachedViewport = { width: window.innerWidth, height: window.innerHeight }
  return cachedViewport
}

/** The camera's live picture; null until it plays, or the reason it cannot. */
function useCameraStream(deviceId: string) {
  const [stream, setStream] = useState<MediaStream | null>(null)
  const [problem, setProblem] = useState<RecordingProblem | null>(null)
  useEffect(() => {
    let live: MediaStream | null = null
    let cancelled = false
    setProblem(null)
    if (!navigator.mediaDevices?.getUserMedia) {
      setProblem('unsupported')
      return
    }
    const video: MediaTrackConstraints | boolean = deviceId === 'default' || deviceId === 'none' ? true : { deviceId: { exact: deviceId } }
    navigator.mediaDevices.getUserMedia({ video }).then(
      (s) => {
        if (cancelled) return s.getTracks().forEach((t) => t.stop())
        live = s
        setStream(s)
        for (const track of s.getVideoTracks()) track.addEventListener('ended', () => setProblem('device-lost'))
      },
      (error) => !cancelled && setProblem(problemFromError(error)),
    )
    return () => {
      cancelled = true
      live?.getTracks().forEach((t) => t.stop())
      setStream(null)
    }
  }, [deviceId])
  return { stream, problem }
}

export default function CameraView() {
  const config = useAtomValue(configAtom)
  const t = labelsFor(config.htmlAttrs.lang).recording
  const deviceId = useAtomValue(cameraAtom)
  const [frame, setFrame] = useAtom(cameraFrameAtom)
  const setShown = useSetAtom(showCameraAtom)
  const viewport = useSyncExternalStore(subscribeResize, readViewport)
  const { stream, problem } = useCameraStream(deviceId)
  const videoRef = useRef<HTMLVideoElement>(null)
  const drag = useRef<{ kind: 'move' | 'resize'; x: number; y: number } | null>(null)

  useEffect(() => {
    if (videoRef.current) videoRef.current.srcObject = stream
  }, [stream])

  const place = framePlacement(frame, viewport)

  const onPointerDown = (kind: 'move' | 'resize') => (event: PointerEvent<HTMLElement>) => {
    if (event.button !== 0) return
    event.preventDefault()
    event.stopPropagation()
    event.currentTarget.setPointerCapture(event.pointerId)
    drag.current = { kind, x: event.clientX, y: event.clientY }
  }
  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    const from = drag.current
    if (!from) return
    const dx = event.clientX - from.x
    const dy = event.clientY - from.y
    drag.current = { ...from, x: event.clientX, y: event.clientY }
    setFrame((f) => (from.kind === 'move' ? moveFrame(f, dx, dy, viewport) : resizeFrame(f, Math.abs(dx) >= Math.abs(dy) ? dx : dy, viewport)))
  }
  const onPointerUp = () => {
    drag.current = null
  }
  const onKey = (kind: 'move' | 'resize') => (event: KeyboardEvent<HTMLElement>) => {
    const arrows: Record<string, [number, number]> = { ArrowLeft: [-STEP, 0], ArrowRight: [STEP, 0], ArrowUp: [0, -STEP], ArrowDown: [0, STEP] }
    const arrow = arrows[event.key]
    let next: typeof frame
    if (arrow && kind === 'move') next = moveFrame(frame, arrow[0], arrow[1], viewport)
    else if (arrow) next = resizeFrame(frame, arrow[0] + arrow[1], viewport)
    else if (event.key === '+' || event.key === '=') next = resizeFrame(frame, STEP, viewport)
    else if (event.key === '-' || event.key === '_') next = resizeFrame(frame, -STEP, viewport)
    else return
    // The frame's keys are its own: the deck does not turn a page while one of its handles has focus.
    event.preventDefault()
    event.stopPropagation()
    setFrame(next)
  }

  return createPortal(
    <div
      className={`slidev-camera-view is-${frame.shape}`}
      role="group"
      aria-label={t.cameraFrame}
      data-testid="camera-view"
      style={{ left: place.left, top: place.top, width: place.width, height: place.height }}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
    >
      <video ref={videoRef} className="slidev-camera-video" autoPlay muted playsInline aria-hidden="true" onPointerDown={onPointerDown('move')} />
      {problem ? (
        <p className="slidev-camera-problem" role="alert">
          {t.problems[problem]}
        </p>
      ) : null}
      <div className="slidev-camera-tools">
        <button type="button" className="slidev-camera-tool" aria-label={t.move} title={t.move} onPointerDown={onPointerDown('move')} onKeyDown={onKey('move')} data-testid="camera-move">
          <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false">
            <path d="M12 3v18M3 12h18M12 3l-3 3M12 3l3 3M12 21l-3-3M12 21l3-3M3 12l3-3M3 12l3 3M21 12l-3-3M21 12l-3 3" />
          </svg>
        </button>
        <button
          type="button"
          className="slidev-camera-tool"
          aria-label={frame.shape === 'circle' ? t.shapeRect : t.shapeCircle}
          title={frame.shape === 'circle' ? t.shapeRect : t.shapeCircle}
          onClick={() => setFrame({ ...frame, shape: frame.shape === 'circle' ? 'rect' : 'circle' })}
          data-testid="camera-shape"
        >
          <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false">
            {frame.shape === 'circle' ? <rect x="4" y="6" width="16" height="12" rx="1" /> : <circle cx="12" cy="12" r="8" />}
          </svg>
        </button>
        <button type="button" className="slidev-camera-tool" aria-label={t.cameraHide} title={t.cameraHide} onClick={() => setShown(false)} data-testid="camera-close">
          <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
      </div>
      <button type="button" className="slidev-camera-resize" aria-label={t.resize} title={t.resize} onPointerDown={onPointerDown('resize')} onKeyDown={onKey('resize')} data-testid="camera-resize" />
    </div>,
    document.body,
  )
}
