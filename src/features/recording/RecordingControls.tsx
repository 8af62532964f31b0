// The recording controls of the navigation bar (play and presenter views): the camera view toggle and the recorder.
// Absent where the deck's `record` setting turns recording off; the camera view and the dialog load only when used.
import { lazy, Suspense } from 'react'
import { useAtom, useAtomValue } from 'jotai'
import { configAtom } from '../../state/deck'
import { recordingEnabled } from '../../logic/recording'
import NavButton from '../../kit/NavButton'
import { labelsFor } from '../../kit/labels'
import { recordDialogOpenAtom, showCameraAtom, useRecordingClock } from './recorder'

const CameraView = lazy(() => import('./CameraView'))
const RecordDialog = lazy(() => import('./RecordDialog'))

const cameraIcon = (
  <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
    <rect x="3" y="6" width="13" height="12" rx="2" />
    <path d="M16 10l5-3v10l-5-3z" />
  </svg>
)
const recordIcon = (recording: boolean) => (
  <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false">
    <circle cx="12" cy="12" r="8" />
    <circle cx="12" cy="12" r="4" fill={recording ? '#dc2626' : 'currentColor'} stroke="none" />
  </svg>
)

export default function RecordingControls() {
  const config = useAtomValue(configAtom)
  const [showCamera, setShowCamera] = useAtom(showCameraAtom)
  const [dialogOpen, setDialogOpen] = useAtom(recordDialogOpenAtom)
  const clock = useRecordingClock()
  if (!recordingEnabled(config.record, import.meta.env.DEV)) return null
  const t = labelsFor(config.htmlAttrs.lang).recording
  return (
    <>
      <NavButton label={showCamera ? t.cameraHide : t.camera} icon={cameraIcon} onClick={() => setShowCamera((v) => !v)} pressed={showCamera} testId="nav-camera" />
      <NavButton label={clock ? t.recordingNow(clock) : t.record} icon={recordIcon(clock !== null)} onClick={() => setDialogOpen(true)} opensDialog expanded={dialogOpen} testId="nav-record" />
      {clock ? (
        <span className="slidev-record-clock" data-testid="record-clock" aria-hidden="true">
          {clock}
        </span>
      ) : null}
      <Suspense fallback={null}>
        {showCamera ? <CameraView /> : null}
        {dialogOpen ? <RecordDialog /> : null}
      </Suspense>
    </>
  )
}
