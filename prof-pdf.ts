import { exportDeck } from './scripts/export/run'
const r = await exportDeck({ root: process.cwd(), entry: 'slides.md', dist: '/tmp/deck-bench-export/dist', build: 'never', output: '/tmp/exp-prof/x.pdf' })
console.log(r.ms)
