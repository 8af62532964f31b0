// Reads a mermaid fence's options (`{theme: 'neutral', scale: 1.25}`): a JavaScript object literal, parsed, never run.

export interface MermaidOptionsResult {
  options: Record<string, unknown>
  /** Why the text is not a usable object literal; the options are then empty. */
  error?: string
}

type Value = string | number | boolean | null | Value[] | { [key: string]: Value }

class Reader {
  index = 0
  constructor(readonly text: string) {}

  fail(what: string): never {
    throw new Error(`${what} at column ${this.index + 1}`)
  }

  space() {
    while (this.index < this.text.length && /\s/.test(this.text[this.index] ?? '')) this.index++
  }

  peek(): string {
    this.space()
    return this.text[this.index] ?? ''
  }

  expect(char: string) {
    if (this.peek() !== char) this.fail(`expected "${char}"${this.peek() ? ` but found "${this.peek()}"` : ' but the text ended'}`)
    this.index++
  }

  value(depth: number): Value {
    if (depth > 20) this.fail('nested too deeply')
    const c = this.peek()
    if (c === '{') return this.object(depth)
    if (c === '[') return this.array(depth)
    if (c === '"' || c === "'" || c === '`') return this.string()
    const word = this.text.slice(this.index).match(/^[+-]?(?:\d+\.?\d*(?:e[+-]?\d+)?|\.\d+(?:e[+-]?\d+)?|0x[\da-f]+)|^[A-Za-z_$][\w$]*/i)?.[0]
    if (!word) this.fail(c ? `unexpected "${c}"` : 'a value is missing')
    this.index += word.length
    if (word === 'true') return true
    if (word === 'false') return false
    if (word === 'null') return null
    const number = Number(word)
    if (Number.isFinite(number)) return number
    return this.fail(`"${word}" is not a value (only text, numbers, true/false/null, objects and lists are allowed)`)
  }

  string(): string {
    const quote = this.text[this.index++]
    let out = ''
    while (this.index < this.text.length) {
      const c = this.text[this.index++]
      if (c === quote) return out
      if (quote === '`' && c === '$' && this.text[this.index] === '{') this.fail('template expressions are not allowed')
      if (c === '\\') {
        const e = this.text[this.index++]
        out += e === 'n' ? '\n' : e === 't' ? '\t' : e ?? ''
      } else out += c
    }
    return this.fail('a string is not closed')
  }

  key(): string {
    const c = this.peek()
    if (c === '"' || c === "'") return this.string()
    const word = this.text.slice(this.index).match(/^[A-Za-z_$][\w$-]*|^\d+/)?.[0]
    if (!word) this.fail(c ? `a key cannot start with "${c}"` : 'a key is missing')
    this.index += word.length
    return word
  }

  object(depth: number): { [key: string]: Value } {
    this.expect('{')
    const out: { [key: string]: Value } = {}
    while (this.peek() !== '}') {
      const key = this.key()
      // Keys that would reach Object.prototype are refused rather than merged into mermaid's config.
      if (key === '__proto__' || key === 'constructor' || key === 'prototype') this.fail(`the key "${key}" is not allowed`)
      this.expect(':')
      out[key] = this.value(depth + 1)
      if (this.peek() === ',') this.index++
      else if (this.peek() !== '}') this.fail(`expected "," or "}"${this.peek() ? ` but found "${this.peek()}"` : ' but the text ended'}`)
    }
    this.index++
    return out
  }

  array(depth: number): Value[] {
    this.expect('[')
    const out: Value[] = []
    while (this.peek() !== ']') {
      out.push(this.value(depth + 1))
      if (this.peek() === ',') this.index++
      else if (this.peek() !== ']') this.fail(`expected "," or "]"${this.peek() ? ` but found "${this.peek()}"` : ' but the text ended'}`)
    }
    this.index++
    return out
  }
}

/** The options of a fence's meta text (what follows ```mermaid); empty meta means no options. */
export function parseMermaidOptions(meta: string | null | undefined): MermaidOptionsResult {
  const text = (meta ?? '').trim()
  if (!text) return { options: {} }
  if (!text.startsWith('{')) return { options: {}, error: `options must be written as {key: value, …}, got ${JSON.stringify(text)}` }
  const reader = new Reader(text)
  try {
    const options = reader.object(0)
    if (reader.peek()) reader.fail(`unexpected text after the options: "${text.slice(reader.index)}"`)
    const scale = options.scale
    if (scale !== undefined && !(typeof scale === 'number' && scale > 0 && Number.isFinite(scale))) {
      delete options.scale
      return { options, error: `"scale" must be a number above 0, got ${JSON.stringify(scale)}` }
    }
    return { options }
  } catch (error) {
    return { options: {}, error: (error as Error).message }
  }
}
