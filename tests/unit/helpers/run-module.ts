// Runs a compiled slide module's code in the test (never in the engine): its imports are given, its slots returned,
// so a test renders exactly what the browser would.
import { jsx, jsxs, Fragment } from 'react/jsx-runtime'

export function runSlideModule(code: string, imports: Record<string, unknown> = {}): Record<string, unknown> {
  const names: string[] = []
  const values: unknown[] = []
  const body = code
    .split('\n')
    .filter((line) => {
      const found = line.match(/^import (\w+) from "(.+)"$/)
      if (found) {
        if (!(found[2]! in imports)) throw new Error(`the test gives no module for ${found[2]}`)
        names.push(found[1]!)
        values.push(imports[found[2]!])
      }
      return !line.startsWith('import ') && !line.startsWith('if (import.meta.hot)')
    })
    .join('\n')
    .replace(/^export const /gm, 'const ')
  const run = new Function('_jsx', '_jsxs', '_Fragment', ...names, `${body}\nreturn { slots, frontmatter, no }`) as (...args: unknown[]) => Record<string, unknown>
  return run(jsx, jsxs, Fragment, ...values)
}
