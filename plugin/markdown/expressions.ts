// Compiles a slide's Vue expressions (`{{ $page }}`, `:title="…"`, `v-if="$clicks > 1"`) at build time into the
// JavaScript source of a small function of the slide's context, written into the slide's module: the browser never
// evaluates text. Only what a slide can know is reachable: literals, operators, the context's names, a few pure methods.
import { parseExpressionAt, type Node } from 'acorn'

/** The names an expression may start from: the slide's context, as Slidev names it. */
export const CONTEXT_NAMES = ['$page', '$clicks', '$nav', '$frontmatter', '$slidev', '$renderContext'] as const

/** Methods an expression may call on a value: pure ones of strings, numbers and arrays. */
export const SAFE_METHODS = [
  'toFixed', 'toString', 'toUpperCase', 'toLowerCase', 'trim', 'padStart', 'padEnd', 'startsWith', 'endsWith',
  'includes', 'indexOf', 'slice', 'join', 'at', 'replace', 'split', 'repeat', 'toLocaleString',
] as const
/** Functions of `Math` and the conversions an expression may call. */
export const SAFE_FUNCTIONS = ['String', 'Number', 'Boolean', 'Math.min', 'Math.max', 'Math.round', 'Math.floor', 'Math.ceil', 'Math.abs'] as const

/** Keys no expression reads, even from data: they lead out of the data to its constructors. */
export const FORBIDDEN_KEYS = ['constructor', '__proto__', 'prototype'] as const

const GLOBALS: Record<string, string> = { undefined: 'undefined', NaN: 'NaN', Infinity: 'Infinity' }
const UNARY = new Set(['!', '-', '+', 'typeof'])
const BINARY = new Set(['+', '-', '*', '/', '%', '**', '==', '!=', '===', '!==', '<', '<=', '>', '>='])
const LOGICAL = new Set(['&&', '||', '??'])

export type CompiledExpression = { code: string; names: string[] } | { problem: string }

class Refused extends Error {}

/**
 * `text` as the body of `(c) => …`: the context's names read from `c` (`$page` → `c.$page`), every property read and
 * call through `c.get`, `c.call` and `c.fn`, which refuse anything but data and the safe methods at run time too.
 */
export function compileExpression(text: string, options: { configs?: Record<string, unknown> } = {}): CompiledExpression {
  const source = text.trim()
  if (!source) return { problem: 'is empty' }
  let node: Node
  try {
    node = parseExpressionAt(source, 0, { ecmaVersion: 'latest', preserveParens: true })
  } catch (error) {
    return { problem: `is not an expression (${(error as Error).message.replace(/\s*\(\d+:\d+\)$/, '')})` }
  }
  if (source.slice(node.end).trim()) return { problem: `has text after its expression: "${source.slice(node.end).trim()}"` }
  const names = new Set<string>()
  try {
    return { code: emit(node as Expression, names, options.configs ?? {}), names: [...names] }
  } catch (error) {
    if (error instanceof Refused) return { problem: error.message }
    throw error
  }
}

// The few shapes of acorn's tree this compiler reads.
type Expression = Node & Record<string, unknown> & { type: string }

function refuse(message: string): never {
  throw new Refused(message)
}

/** A property name read without brackets, or a literal key. */
function staticKey(node: Expression, computed: boolean): string | null {
  if (!computed && node.type === 'Identifier') return String(node.name)
  if (node.type === 'Literal' && (typeof node.value === 'string' || typeof node.value === 'number')) return String(node.value)
  return null
}

function checkedKey(key: string): string {
  if ((FORBIDDEN_KEYS as readonly string[]).includes(key)) refuse(`reads "${key}", which no slide expression may`)
  return JSON.stringify(key)
}

/** Whether `node` is `$slidev.configs`. */
function isConfigs(node: Expression): boolean {
  return node.type === 'MemberExpression' && (node.object as Expression).type === 'Identifier' && (node.object as Expression).name === '$slidev' && staticKey(node.property as Expression, Boolean(node.computed)) === 'configs'
}

function emit(node: Expression, names: Set<string>, configs: Record<string, unknown>): string {
  const sub = (child: unknown) => `(${emit(child as Expression, names, configs)})`
  const inner = (child: unknown) => emit(child as Expression, names, configs)
  switch (node.type) {
    case 'Literal': {
      if ('regex' in node || 'bigint' in node) return refuse('uses a regular expression or a BigInt, which slide expressions do not')
      return node.value === undefined ? 'undefined' : JSON.stringify(node.value)
    }
    case 'Identifier': {
      const name = String(node.name)
      if ((CONTEXT_NAMES as readonly string[]).includes(name)) {
        names.add(name)
        return `c.${name}`
      }
      if (name in GLOBALS) return GLOBALS[name]!
      return refuse(`uses "${name}", which a slide does not know (it knows ${CONTEXT_NAMES.join(', ')} and literals)`)
    }
    case 'TemplateLiteral': {
      const quasis = node.quasis as { value: { cooked: string | null } }[]
      const expressions = node.expressions as Expression[]
      return quasis.map((q, i) => JSON.stringify(q.value.cooked ?? '') + (i < expressions.length ? `+String(${inner(expressions[i])})` : '')).join('+')
    }
    case 'UnaryExpression':
      if (!UNARY.has(String(node.operator))) return refuse(`uses the operator "${String(node.operator)}"`)
      return `${String(node.operator)}${node.operator === 'typeof' ? ' ' : ''}${sub(node.argument)}`
    case 'BinaryExpression':
      if (!BINARY.has(String(node.operator))) return refuse(`uses the operator "${String(node.operator)}"`)
      return `${sub(node.left)}${String(node.operator)}${sub(node.right)}`
    case 'LogicalExpression':
      if (!LOGICAL.has(String(node.operator))) return refuse(`uses the operator "${String(node.operator)}"`)
      return `${sub(node.left)}${String(node.operator)}${sub(node.right)}`
    case 'ConditionalExpression':
      return `${sub(node.test)}?${sub(node.consequent)}:${sub(node.alternate)}`
    case 'ChainExpression':
      // Every read is already safe on null and undefined.
      return inner(node.expression)
    case 'MemberExpression': {
      const property = node.property as Expression
      const key = staticKey(property, Boolean(node.computed))
      // The headmatter's keys are written in at build time: the page never holds the headmatter (it may hold secrets).
      if (isConfigs(node.object as Expression)) {
        if (key === null) return refuse('reads a computed key of $slidev.configs; name the key')
        return JSON.stringify(configs[key] ?? null)
      }
      if (isConfigs(node)) return refuse('reads $slidev.configs whole; name a key ($slidev.configs.title)')
      return `c.get(${inner(node.object)},${key === null ? sub(property) : checkedKey(key)})`
    }
    case 'ArrayExpression': {
      const elements = node.elements as (Expression | null)[]
      if (elements.some((e) => !e || e.type === 'SpreadElement')) return refuse('uses a spread or a hole in an array')
      return `[${elements.map((e) => inner(e)).join(',')}]`
    }
    case 'ObjectExpression': {
      const entries = (node.properties as Expression[]).map((p) => {
        if (p.type !== 'Property' || p.kind !== 'init' || p.method) return refuse('uses a spread, a getter or a method in an object')
        const key = staticKey(p.key as Expression, Boolean(p.computed))
        if (key === null) return refuse('uses a computed key in an object')
        return `${checkedKey(key)}:${inner(p.value)}`
      })
      return `{${entries.join(',')}}`
    }
    case 'CallExpression': {
      const callee = node.callee as Expression
      const args = `[${(node.arguments as Expression[]).map((a) => (a.type === 'SpreadElement' ? refuse('uses a spread in a call') : inner(a))).join(',')}]`
      if (callee.type === 'Identifier' || (callee.type === 'MemberExpression' && (callee.object as Expression).type === 'Identifier' && (callee.object as Expression).name === 'Math')) {
        const name = callee.type === 'Identifier' ? String(callee.name) : `Math.${staticKey(callee.property as Expression, Boolean(callee.computed)) ?? ''}`
        if ((SAFE_FUNCTIONS as readonly string[]).includes(name)) return `c.fn(${JSON.stringify(name)},${args})`
        if (callee.type === 'Identifier' && (CONTEXT_NAMES as readonly string[]).includes(name)) return refuse(`calls ${name}`)
        return refuse(`calls ${name}(), which slide expressions do not (they may call ${SAFE_FUNCTIONS.join(', ')})`)
      }
      if (callee.type === 'MemberExpression') {
        const method = staticKey(callee.property as Expression, Boolean(callee.computed))
        if (method !== null && (SAFE_METHODS as readonly string[]).includes(method)) return `c.call(${inner(callee.object)},${JSON.stringify(method)},${args})`
        return refuse(`calls the method ${method ?? '(computed)'}(), which slide expressions do not (they may call ${SAFE_METHODS.join(', ')})`)
      }
      return refuse('calls something that is not a known function')
    }
    case 'ParenthesizedExpression':
      return inner(node.expression)
    default:
      return refuse(`uses ${describe(node.type)}, which slide expressions do not (literals, operators, ${CONTEXT_NAMES.join(', ')})`)
  }
}

function describe(type: string): string {
  const words: Record<string, string> = {
    AssignmentExpression: 'an assignment',
    UpdateExpression: 'an increment',
    ArrowFunctionExpression: 'a function',
    FunctionExpression: 'a function',
    NewExpression: '"new"',
    ThisExpression: '"this"',
    SequenceExpression: 'a comma sequence',
    TaggedTemplateExpression: 'a tagged template',
    AwaitExpression: '"await"',
    YieldExpression: '"yield"',
    ClassExpression: 'a class',
    ImportExpression: 'import()',
    MetaProperty: 'import.meta',
  }
  return words[type] ?? `a ${type}`
}

/** The source of the function the module holds for an expression. */
export const expressionFunction = (code: string): string => `(c)=>(${code})`
