// Work that follows a slide change but must not delay its frame. React runs the effects of a key's update before
// the browser paints (a discrete event's passive effects are flushed at once), so an effect that should wait for the
// new slide to be on screen asks for the task after the next frame. Returns the cancel.
export function afterPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0)
  })
  return () => {
    cancelAnimationFrame(frame)
    if (timer !== undefined) clearTimeout(timer)
  }
}
