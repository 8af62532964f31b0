import { createGenerator } from '@unocss/core'
import { readFileSync } from 'node:fs'
import { execSync } from 'node:child_process'
import { unoConfig } from './plugin/unocss/config.ts'
const uno = await createGenerator(unoConfig())
const md = new Set<string>(); await uno.applyExtractors(readFileSync('slides.md', 'utf8'), 'slides.md', md)
const src = new Set<string>(); for (const f of execSync('git ls-files src | grep -E "tsx?$"').toString().trim().split('\n')) await uno.applyExtractors(readFileSync(f, 'utf8'), f, src)
const a = await (await createGenerator(unoConfig())).generate(md)
const b = await (await createGenerator(unoConfig())).generate(src)
console.log('md matched', [...a.matched].join(' '))
console.log('src matched', [...b.matched].join(' '))
const outside = (t: string) => t.replace(/\[[^\]]*\]/g, '').replace(/\([^)]*\)/g, '')
const impossible = (t: string) => {
  const attr = /^\[([^=~\]]+)~?=/.exec(t)
  if (attr) return !/^[a-z][a-z0-9:-]*$/.test(attr[1]!)
  const o = outside(t)
  return /[^\x21-\x7e]/.test(o) || /[A-Z;{}<>,'"`\\|?^]/.test(o)
}
for (const [name, set] of [['md', md], ['all', new Set([...md, ...src])]] as const) {
  const g = await createGenerator({ ...unoConfig(), blocklist: [impossible] })
  const t = performance.now()
  const r = await g.generate(set)
  const plain = name === 'md' ? a : null
  console.log(name, set.size, [...set].filter((x) => !impossible(x)).length, Math.round(performance.now() - t), 'ms', plain ? plain.css === r.css : '', r.matched.size)
}
