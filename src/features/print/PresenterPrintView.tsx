// The presenter print view (placeholder until the print issue).
export default function PresenterPrintView() {
  return <p>Presenter print view is not built yet.</p>
}
