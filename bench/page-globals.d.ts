// What the benches' init scripts leave on the page's window for them to read back.
interface Window {
  __slide1VisibleAt?: number
  __slide1ReadyAt?: number
  __hmrSeen?: Promise<number>
  __fontFrames?: { t: number; fonts: boolean }[]
  __nav?: { presses: { t: number; want: number; frameMs: number; deltas: number[]; long: [number, number][] }[]; events: { start: number; duration: number }[] }
  __diagramShown?: Promise<number>
  __firstTextAt?: number
  __readyAt?: number
  __overviewBench?: { start: number; done?: Promise<{ ms: number; thumbs: number; cards: number }> }
}
