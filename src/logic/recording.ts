// The rules of the camera view and the recorder: whether they exist, where the camera frame may sit, file names.
import { safeFileName } from '../../shared/file-name'

/** `record` of the headmatter: on, off, or only under the dev server (Slidev's default). */
export type RecordSetting = boolean | 'dev'

export function recordingEnabled(record: RecordSetting, dev: boolean): boolean {
  return record === true || (record === 'dev' && dev)
}

export type CameraShape = 'circle' | 'rect'

/** The camera frame on screen: its top-left corner as a share of the free room (0..1), its width in CSS px. */
export interface CameraFrame {
  x: number
  y: number
  size: number
  shape: CameraShape
}

export const CAMERA_MIN_SIZE = 96
/** The frame never covers more than this share of the window's shorter side. */
export const CAMERA_MAX_SHARE = 0.8
export const DEFAULT_CAMERA_FRAME: CameraFrame = { x: 1, y: 1, size: 180, shape: 'circle' }

export function isCameraFrame(v: unknown): v is CameraFrame {
  if (!v || typeof v !== 'object') return false
  const f = v as Record<string, unknown>
  const share = (n: unknown) => typeof n === 'number' && Number.isFinite(n) && n >= 0 && n <= 1
  return share(f.x) && share(f.y) && typeof f.size === 'number' && Number.isFinite(f.size) && f.size >= CAMERA_MIN_SIZE && f.size <= 4000 && (f.shape === 'circle' || f.shape === 'rect')
}

export interface Viewport {
  width: number
  height: number
}

/** The frame's width (and, for a rectangle, 4:3 height) fitted to the window. */
export function frameSize(frame: CameraFrame, viewport: Viewport): { width: number; height: number } {
  const limit = Math.max(CAMERA_MIN_SIZE, Math.min(viewport.width, viewport.height) * CAMERA_MAX_SHARE)
  const width = Math.min(Math.max(frame.size, CAMERA_MIN_SIZE), limit)
  return { width, height: frame.shape === 'circle' ? width : Math.round((width * 3) / 4) }
}

/** Where the frame's top-left corner is in CSS px: always fully inside the window. */
export function framePlacement(frame: CameraFrame, viewport: Viewport): { left: number; top: number; width: number; height: number } {
  const { width, height } = frameSize(frame, viewport)
  const roomX = Math.max(0, viewport.width - width)
  const roomY = Math.max(0, viewport.height - height)
  return { left: Math.round(frame.x * roomX), top: Math.round(frame.y * roomY), width, height }
}

const clamp01 = (n: number) => Math.min(1, Math.max(0, n))

/** The frame moved by a drag (or an arrow key) of dx, dy CSS px. */
export function moveFrame(frame: CameraFrame, dx: number, dy: number, viewport: Viewport): CameraFrame {
  const { left, top, width, height } = framePlacement(frame, viewport)
  const roomX = viewport.width - width
  const roomY = viewport.height - height
  return { ...frame, x: roomX > 0 ? clamp01((left + dx) / roomX) : 0, y: roomY > 0 ? clamp01((top + dy) / roomY) : 0 }
}

/** The frame grown (or shrunk, negative) by `delta` CSS px of width, within the window's limits. */
export function resizeFrame(frame: CameraFrame, delta: number, viewport: Viewport): CameraFrame {
  const limit = Math.max(CAMERA_MIN_SIZE, Math.min(viewport.width, viewport.height) * CAMERA_MAX_SHARE)
  return { ...frame, size: Math.round(Math.min(limit, Math.max(CAMERA_MIN_SIZE, frameSize(frame, viewport).width + delta))) }
}

export type RecordingKind = 'slides' | 'camera'

/** `银行业务与货币创造-2026-11-23-2105-slides.webm`: the deck title, the start time, what was recorded. */
export function recordingFileName(title: string, kind: RecordingKind, at: Date, extension = 'webm'): string {
  const safe = safeFileName(title).slice(0, 80) || 'deck'
  const two = (n: number) => String(n).padStart(2, '0')
  const stamp = `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}-${two(at.getHours())}${two(at.getMinutes())}`
  return `${safe.replace(/ /g, '-')}-${stamp}-${kind}.${extension}`
}

/** The first container the browser's MediaRecorder can write, best first; undefined when it can write none of them. */
export function pickRecorderMime(isTypeSupported: (type: string) => boolean, withAudio: boolean): string | undefined {
  const candidates = withAudio
    ? ['video/webm;codecs=vp9,opus', 'video/webm;codecs=vp8,opus', 'video/webm', 'video/mp4']
    : ['video/webm;codecs=vp9', 'video/webm;codecs=vp8', 'video/webm', 'video/mp4']
  return candidates.find((type) => isTypeSupported(type))
}

export function extensionFor(mime: string | undefined): string {
  return mime?.startsWith('video/mp4') ? 'mp4' : 'webm'
}

/** 65 000 ms → "01:05"; an hour or more → "1:00:05". */
export function formatRecordingTime(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000))
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = total % 60
  const two = (n: number) => String(n).padStart(2, '0')
  return h ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`
}

/** Why a recording could not start or stopped early, from the DOMException the browser threw. */
export type RecordingProblem = 'unsupported' | 'denied' | 'no-device' | 'device-lost' | 'failed'

export function problemFromError(error: unknown): RecordingProblem {
  const name = error && typeof error === 'object' && 'name' in error ? String((error as { name: unknown }).name) : ''
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied'
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError') return 'no-device'
  return 'failed'
}
