// `npm run checks`: the linter and the type checker side by side, each one's output printed whole when it ends; fails
// if either fails. The type checker is TypeScript 7's native compiler (the devDependency `typescript-7`): the whole
// repository in 4–8 s where TypeScript 5's took 27–44 s on two cores. TypeScript 5 stays the `typescript` package for
// what calls its JavaScript API (twoslash at build time, typescript-eslint's parser).
// Usage: tsx scripts/static-checks.ts
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

// The tools' own scripts, run by this Node (no shell, no .bin shim: the same on Windows).
const modules = fileURLToPath(new URL('../node_modules/', import.meta.url))
const checks = [
  { name: 'lint (eslint .)', bin: `${modules}eslint/bin/eslint.js`, args: ['.'] },
  { name: 'typecheck (tsc --noEmit, TypeScript 7)', bin: `${modules}typescript-7/bin/tsc`, args: ['--noEmit', '-p', 'tsconfig.json'] },
]

const results = await Promise.all(
  checks.map(
    ({ name, bin, args }) =>
      new Promise<{ name: string; ok: boolean }>((done) => {
        const started = Date.now()
        const child = spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
        let output = ''
        child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
        child.on('error', (error) => {
          process.stdout.write(`✗ ${name}: could not start: ${error.message}\n`)
          done({ name, ok: false })
        })
        child.on('close', (code) => {
          const ok = code === 0
          process.stdout.write(`${ok ? '✓' : '✗'} ${name}: ${ok ? 'passed' : `failed (exit ${code})`} in ${((Date.now() - started) / 1000).toFixed(1)} s\n${output}`)
          done({ name, ok })
        })
      }),
  ),
)
if (results.some((result) => !result.ok)) process.exit(1)
