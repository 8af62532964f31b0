// The print view (placeholder until the print issue).
export default function PrintView() {
  return <p>Print view is not built yet.</p>
}
