// Times `npm run export` of a 107-slide deck end to end (the CLI in a fresh process) per format, with the peak memory
// of the whole process tree (the CLI and its Chromium), against an 8 s budget for the PDF.
// Usage: tsx bench/export.ts [--deck file.md] [--runs N] [--format pdf,pptx,…] [--json]
// Without --deck it generates a 107-slide Chinese deck shaped like slides.md into /tmp (the real deck may
// still be in the writing); the builds (the site, and the html format's one-file app) are done once beforehand and
// are not part of the time.
import { spawn } from 'node:child_process'
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { tmpdir } from 'node:os'
import { parseArgs } from 'node:util'
import { buildDeck } from '../plugin/build'
import { median } from './harness'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
export const EXPORT_BUDGET_MS = 8000

const PARAGRAPH = '银行的资产负债表左边是资产，右边是负债与所有者权益。存款是银行的负债，贷款是银行的资产；贷款发放的同时，借款人的账户上多了一笔存款，货币由此被创造出来。'

/** A deck with the real one's shape: cover, agenda and menus with links, two columns, clicks, tables, code, diagrams. */
export function generateDeck(total = 107) {
  const slides = [
    `---\ntheme: seriph\ntitle: 银行业务与货币创造（性能测试）\nlayout: cover\nclass: text-center\nhtmlAttrs:\n  lang: zh-CN\ntransition: slide-left\ndownload: false\nexportFilename: bench-export\n---\n\n# 银行业务与货币创造\n\n写给程序员的金融知识 · 第一讲\n\n[开始 →](/2)`,
    `---\nlayout: center\n---\n\n# 目录\n\n[存款](/3) · [贷款](/10) · [风险](/12) · [中央银行](/19) · [同业](/47) · [大模型](/79)`,
  ]
  for (let no = 3; no <= total; no++) {
    const kind = no % 6
    if (kind === 0) {
      slides.push(`---\nlayout: two-cols-header\n---\n\n# 第 ${no} 张：两栏对比\n\n::left::\n\n- ${PARAGRAPH.slice(0, 30)}\n- 准备金率 r% = R/P2\n- 超额准备金率 e% = E/P2\n\n::right::\n\n| 资产 | 负债 |\n|---|---|\n| 黄金 100 两 | 存单 100 两 |\n| 贷款 110 两 | 存款 110 两 |`)
    } else if (kind === 1) {
      slides.push(`---\ntransition: slide-up\n---\n\n# 第 ${no} 张：逐步展开\n\n<v-clicks>\n\n- 第一步：客户存入黄金\n- 第二步：钱庄开出收据\n- 第三步：收据开始流通\n- 第四步：钱庄发放贷款\n\n</v-clicks>\n\n<!--\n讲解第 ${no} 张。\n[click]\n第一步的说明。\n-->`)
    } else if (kind === 2) {
      slides.push(`---\n---\n\n# 第 ${no} 张：流程图\n\n\`\`\`mermaid {theme: 'neutral', scale: 0.8}\ngraph LR\n  A[客户] -->|存款| B[银行]\n  B -->|贷款| C[企业]\n  C -->|存款| B\n\`\`\`\n\n参见[第 7 张](/7)与[第 13 张](/13)。`)
    } else if (kind === 3) {
      slides.push(`---\nlayout: center\n---\n\n# 第 ${no} 张：小结\n\n${PARAGRAPH}\n\n> 货币乘数 = 1 / 准备金率`)
    } else if (kind === 4) {
      slides.push(`---\n---\n\n## 第 ${no} 张：代码示例\n\n\`\`\`ts\nfunction multiplier(reserveRatio: number): number {\n  return 1 / reserveRatio\n}\n\`\`\`\n\n${PARAGRAPH.slice(0, 40)}`)
    } else {
      slides.push(`---\n---\n\n# 第 ${no} 张：${no > 77 ? '大模型与银行' : '货币创造'}\n\n${PARAGRAPH}\n\n${PARAGRAPH}\n\n<div v-click>关键结论出现</div>`)
    }
  }
  return `${slides.join('\n\n')}\n`
}

/** Resident memory (bytes) of a process and all its descendants, read from /proc (Linux; 0 elsewhere). */
function treeRss(pid: number | undefined): number {
  if (pid === undefined) return 0
  let entries: string[]
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name))
  } catch {
    return 0
  }
  const children = new Map<number, number[]>()
  const rss = new Map<number, number>()
  for (const name of entries) {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
      // Fields after the command name (which may hold spaces): state, ppid, … rss is field 24 (pages).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      const ppid = Number(fields[1])
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)])
      rss.set(Number(name), Number(fields[21] ?? 0) * 4096)
    } catch {
      // The process ended meanwhile.
    }
  }
  let total = 0
  const stack = [pid]
  for (let p = stack.pop(); p !== undefined; p = stack.pop()) {
    total += rss.get(p) ?? 0
    stack.push(...(children.get(p) ?? []))
  }
  return total
}

/** Runs the export CLI once: wall time, output, and the tree's peak memory sampled every 50 ms. */
function run(args: string[]) {
  return new Promise<{ ms: number; output: string; peakMB: number }>((resolvePromise, reject) => {
    const started = Date.now()
    const child = spawn(process.execPath, [join(root, 'bin', 'reslide.mjs'), 'export', ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    let errors = ''
    let peak = 0
    const timer = setInterval(() => (peak = Math.max(peak, treeRss(child.pid))), 50)
    child.stdout.on('data', (d) => (output += d))
    child.stderr.on('data', (d) => (errors += d))
    child.on('close', (code) => {
      clearInterval(timer)
      if (code === 0) resolvePromise({ ms: Date.now() - started, output, peakMB: Math.round(peak / 1e5) / 10 })
      else reject(new Error(`export ${args.join(' ')} failed:\n${errors || output}`))
    })
  })
}


export interface FormatBench {
  /** Median of the repeat runs (diagrams drawn by an earlier export reused). */
  ms: number
  /** The first run, with no diagram cache. */
  coldMs: number
  runs: number[]
  peakMB: number
  count: number
  bytes: string
}

export interface ExportBench {
  name: string
  ms: number
  runs: number[]
  pages: number
  budgetMs: number
  ok: boolean
  formats: Record<string, FormatBench>
}

export async function benchExport(options: { deck?: string; runs?: number; formats?: string[]; log?: (text: string) => void } = {}): Promise<ExportBench> {
  const log = options.log ?? (() => {})
  const work = join(tmpdir(), 'deck-bench-export')
  mkdirSync(work, { recursive: true })
  const deck = options.deck ? resolve(options.deck) : join(work, 'slides-107.md')
  if (!options.deck) writeFileSync(deck, generateDeck(107))
  const dist = join(work, 'dist')
  log(`building ${deck} → ${dist}`)
  await buildDeck({ entry: deck, outDir: dist, logLevel: 'error' })
  const wanted = options.formats ?? ['pdf', 'pptx', 'html', 'png', 'md']
  // The html format's one-file build too: like the regular build, it is redone only after an edit.
  if (wanted.includes('html')) await (await import('../scripts/export/html')).ensureSingleFileBuild(root, deck, log)
  const formats: Record<string, FormatBench> = {}
  for (const format of wanted) {
    const runs: number[] = []
    let line = ''
    const out = join(work, `bench-${format}`)
    // A first export: no diagram drawn before (scripts/export/diagram-cache.ts). It is timed apart from the repeat runs.
    rmSync(join(root, 'node_modules', '.cache', 'deck-export'), { recursive: true, force: true })
    const cold = await run([deck, '--format', format, '--dist', dist, '--skip-build', '--output', out])
    log(`${format} first run (no diagram cache): ${cold.ms} ms, peak ${cold.peakMB} MB`)
    let peakMB = cold.peakMB
    for (let i = 0; i < (options.runs ?? 3); i++) {
      const result = await run([deck, '--format', format, '--dist', dist, '--skip-build', '--output', out])
      line = result.output.trim().split('\n')[0] ?? ''
      log(`${format} run ${i + 1}: ${result.ms} ms, peak ${result.peakMB} MB — ${line}`)
      runs.push(result.ms)
      peakMB = Math.max(peakMB, result.peakMB)
    }
    rmSync(out, { recursive: true, force: true })
    const count = Number(/: (\d+) (pages|slides|images|sections)/.exec(line)?.[1] ?? 0)
    formats[format] = { ms: median(runs), coldMs: cold.ms, runs, peakMB, count, bytes: /, ([\d.]+ [kM]B)/.exec(line)?.[1] ?? '' }
  }
  // The median: one slow run on a shared machine should not decide the result.
  const pdf = formats.pdf ?? { ms: 0, runs: [], count: 0 }
  return { name: 'export (107 slides, CLI end to end)', ms: pdf.ms, runs: pdf.runs, pages: pdf.count, budgetMs: EXPORT_BUDGET_MS, ok: pdf.ms <= EXPORT_BUDGET_MS && pdf.count > 0, formats }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values } = parseArgs({ options: { deck: { type: 'string' }, runs: { type: 'string' }, format: { type: 'string' }, json: { type: 'boolean', default: false } } })
  const result = await benchExport({ deck: values.deck, runs: values.runs ? Number(values.runs) : undefined, formats: values.format?.split(','), log: values.json ? undefined : (t: string) => console.error(t) })
  if (values.json) console.log(JSON.stringify(result))
  else {
    for (const [format, f] of Object.entries(result.formats)) console.log(`${format}: ${f.ms} ms (median of ${f.runs.join(', ')}; first run ${f.coldMs} ms), peak ${f.peakMB} MB, ${f.count} ${format === 'pdf' ? 'pages' : 'items'}, ${f.bytes}`)
    console.log(`pdf budget ${result.budgetMs} ms → ${result.ok ? 'ok' : 'OVER BUDGET'}`)
  }
  if (!result.ok) process.exitCode = 1
}
