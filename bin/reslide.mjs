#!/usr/bin/env node
// The `reslide` command: the engine is TypeScript, bundled for Node by engine.mjs (or loaded through tsx); everything
// else is in cli/index.ts.
import { engineCommand } from './engine.mjs'

// The engine bundled for Node (bin/engine.mjs): made on the first start, and again when one of its files changed.
const bundled = await engineCommand()

/**
 * Without a bundle, the engine's TypeScript loads through tsx. The packages its Node side loads to build or serve a
 * deck (Vite and the Markdown pipeline's) are loaded by Node itself first, before tsx's hooks are in place: every
 * module loaded after them goes through their thread and back (Vite's alone took 0.8 s instead of 0.15 s; a first
 * `reslide` start spent 0.5 s more on these). The engine's own imports then find them loaded. A name missing here
 * only costs that time; one that fails to load is left to fail where the engine imports it.
 */
const ENGINE_PACKAGES = ['vite', '@vitejs/plugin-react', '@unocss/vite', '@unocss/preset-wind3', '@unocss/preset-attributify', '@iconify/utils', 'unified', 'remark-parse', 'remark-gfm', 'remark-math', 'remark-frontmatter', 'remark-rehype', 'rehype-raw', 'rehype-katex', 'rehype-sanitize', 'rehype-react', 'hast-util-to-html', 'unist-util-visit', 'vfile', 'shiki', 'shiki-magic-move/core', 'json5', 'gray-matter', 'acorn', 'postcss', 'sirv', 'ws']
/** `build` and the dev server (the default command) need them; `export` and `serve` reuse a build, help and version need nothing. */
const first = process.argv[2]
const usesVite = !['export', 'serve', 'help', '--version', '-v'].includes(first ?? '') && !process.argv.includes('--help') && !process.argv.includes('-h')
if (!bundled) {
  if (usesVite) await Promise.all(ENGINE_PACKAGES.map((name) => import(name).catch(() => {})))
  ;(await import('tsx/esm/api')).register()
}
const { main } = bundled ?? (await import('../cli/index.ts'))
process.exitCode = await main(process.argv.slice(2))
