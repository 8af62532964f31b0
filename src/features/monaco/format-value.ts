// How a `{monaco-run}` block's console shows a value: as a browser console would, in one line of JavaScript-like text.

const MAX_DEPTH = 3
const MAX_ITEMS = 50
const MAX_LENGTH = 2000

const quote = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`
const keyText = (key: string) => (/^[A-Za-z_$][\w$]*$/.test(key) ? key : quote(key))

function formatInner(value: unknown, depth: number, seen: Set<object>): string {
  if (typeof value === 'string') return quote(value)
  if (typeof value === 'bigint') return `${value}n`
  if (typeof value === 'symbol') return value.toString()
  if (typeof value === 'function') return `[Function${value.name ? `: ${value.name}` : ' (anonymous)'}]`
  if (value === null || typeof value !== 'object') return Object.is(value, -0) ? '-0' : String(value)
  if (seen.has(value)) return '[Circular]'
  if (value instanceof Error) return `${value.name}: ${value.message}`
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString()
  if (value instanceof RegExp) return String(value)
  if (value instanceof Promise) return 'Promise {…}'
  const name = (value as { constructor?: { name?: string } }).constructor?.name
  if (depth >= MAX_DEPTH) return Array.isArray(value) ? '[Array]' : `[${name || 'Object'}]`
  seen.add(value)
  try {
    const list = (items: string[], total: number) => [...items, ...(total > items.length ? [`… ${total - items.length} more`] : [])].join(', ')
    if (Array.isArray(value)) return `[${list(value.slice(0, MAX_ITEMS).map((v) => formatInner(v, depth + 1, seen)), value.length)}]`
    if (value instanceof Map) {
      const entries = [...value].slice(0, MAX_ITEMS).map(([k, v]) => `${formatInner(k, depth + 1, seen)} => ${formatInner(v, depth + 1, seen)}`)
      return `Map(${value.size}) {${value.size ? ` ${list(entries, value.size)} ` : ''}}`
    }
    if (value instanceof Set) {
      const items = [...value].slice(0, MAX_ITEMS).map((v) => formatInner(v, depth + 1, seen))
      return `Set(${value.size}) {${value.size ? ` ${list(items, value.size)} ` : ''}}`
    }
    if (ArrayBuffer.isView(value)) return `${name ?? 'TypedArray'}(${(value as unknown as ArrayLike<unknown>).length ?? 0}) [${list(Array.from(value as unknown as ArrayLike<number>).slice(0, MAX_ITEMS).map(String), (value as unknown as ArrayLike<unknown>).length ?? 0)}]`
    const keys = Object.keys(value)
    const entries = keys.slice(0, MAX_ITEMS).map((key) => `${keyText(key)}: ${formatInner((value as Record<string, unknown>)[key], depth + 1, seen)}`)
    const prefix = name && name !== 'Object' ? `${name} ` : ''
    return `${prefix}{${keys.length ? ` ${list(entries, keys.length)} ` : ''}}`
  } finally {
    seen.delete(value)
  }
}

/** One console argument as text: a string as it is (as console.log prints it), anything else as JavaScript-like text. */
export function formatValue(value: unknown): string {
  const text = typeof value === 'string' ? value : formatInner(value, 0, new Set())
  return text.length > MAX_LENGTH ? `${text.slice(0, MAX_LENGTH)}…` : text
}

/** A console call's arguments as one line, separated by spaces (`%s` and friends are not substituted). */
export function formatLogLine(args: unknown[]): string {
  return args.map(formatValue).join(' ')
}
