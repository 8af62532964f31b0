// The command line's words: each command's flags, its help text, and a UsageError for anything it does not take.
import { parseArgs } from 'node:util'
import { LIMITS } from '../shared/sync-protocol.ts'

export const COMMAND = 'reslide'

export class UsageError extends Error {
  constructor(message: string, readonly command?: string) {
    super(message)
    this.name = 'UsageError'
  }
}

export const HELP: Record<'main' | 'dev' | 'build' | 'serve', string> = {
  main: `${COMMAND}: Markdown slides in React, as Slidev writes them.

Usage:
  ${COMMAND} [entry]              start the dev server with hot reload (entry: slides.md)
  ${COMMAND} build [entry]        build the deck into dist/ beside it, for any static host
  ${COMMAND} export [entry]       export the deck: PDF, PowerPoint, PNG, one-file HTML, notes
  ${COMMAND} serve                serve a build, with presenter sync and password
  ${COMMAND} <command> --help     that command's options
  ${COMMAND} --version

The deck's folder is the entry's: components/, public/, setup/, snippets/ and themes/ beside it.`,
  dev: `Usage: ${COMMAND} [entry] [options]

Starts the dev server for the deck (default ./slides.md) with hot reload.

  --port <n>     port (default 5173; the next free one when taken)
  --host <addr>  address to bind (default localhost; 0.0.0.0 lets phones on the network connect)
  --open         open the deck in the browser
  -h, --help     this text`,
  build: `Usage: ${COMMAND} build [entry] [options]

Builds the deck (default ./slides.md): a prerendered page per slide, the fonts cut to the glyphs used, everything
local, so dist/ works from any static host and offline.

  --out <dir>    output folder (default dist/ beside the deck)
  --single-file  the one-file build the HTML export inlines (hash routes, every asset inlined)
  -h, --help     this text`,
  serve: `Usage: ${COMMAND} serve [options]

Serves a built deck with history routing, lets phones and projectors follow the presenter, and enforces the presenter
password on presenter pages, notes and every change.

  --dir <dir>          the built deck (default dist/)
  --port <n>           port (default 3030)
  --host <addr>        address to bind (default 127.0.0.1: this machine only; 0.0.0.0 for the network)
  --password <secret>  presenter password (default: the deck's "remote:" setting, if any)
  --redis <url>        share the talk with every process given the same redis://host:port (behind a load balancer)
  -h, --help           this text`,
}

/** Node's parser with the command's name on every complaint. */
type Flags = Record<string, { type: 'string' | 'boolean'; short?: string }>

function parse(command: string, argv: string[], options: Flags, positionals = 1): { values: Record<string, string | boolean | undefined>; positionals: string[] } {
  let parsed
  try {
    parsed = parseArgs({ args: argv, options: { ...options, help: { type: 'boolean', short: 'h' } }, allowPositionals: true, strict: true })
  } catch (error) {
    throw new UsageError((error as Error).message.replace(/\. To specify a positional argument.*$/s, '.'), command)
  }
  if (parsed.positionals.length > positionals)
    throw new UsageError(positionals ? `One deck file at most, got: ${parsed.positionals.join(' ')}` : `${command} takes no deck file (it serves a build: --dir), got: ${parsed.positionals.join(' ')}`, command)
  return parsed as { values: Record<string, string | boolean | undefined>; positionals: string[] }
}

const nonEmpty = (command: string, flag: string, value: string | undefined) => {
  if (value !== undefined && !value.trim()) throw new UsageError(`--${flag} needs a value.`, command)
  return value
}

function port(command: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  if (!/^\d+$/.test(value) || Number(value) > 65535) throw new UsageError(`--port must be a whole number from 0 to 65535, got "${value}".`, command)
  return Number(value)
}

export interface DevArgs {
  entry?: string
  port?: number
  host?: string
  open: boolean
  help: boolean
}

export function parseDevArgs(argv: string[]): DevArgs {
  const { values, positionals } = parse('dev', argv, { port: { type: 'string' }, host: { type: 'string' }, open: { type: 'boolean' } })
  return { entry: positionals[0], port: port('dev', values.port as string | undefined), host: nonEmpty('dev', 'host', values.host as string | undefined), open: Boolean(values.open), help: Boolean(values.help) }
}

export interface BuildArgs {
  entry?: string
  out?: string
  singleFile: boolean
  help: boolean
}

export function parseBuildArgs(argv: string[]): BuildArgs {
  const { values, positionals } = parse('build', argv, { out: { type: 'string', short: 'o' }, 'single-file': { type: 'boolean' } })
  return { entry: positionals[0], out: nonEmpty('build', 'out', values.out as string | undefined), singleFile: Boolean(values['single-file']), help: Boolean(values.help) }
}

export interface ServeArgs {
  dir: string
  port: number
  host: string
  password: string | null
  /** redis://host:port: processes given the same address share one talk. */
  redis: string | null
  help: boolean
}

export function parseServeArgs(argv: string[]): ServeArgs {
  const { values } = parse('serve', argv, { dir: { type: 'string' }, port: { type: 'string' }, host: { type: 'string' }, password: { type: 'string' }, redis: { type: 'string' } }, 0)
  const password = values.password as string | undefined
  const redis = nonEmpty('serve', 'redis', values.redis as string | undefined)
  if (redis !== undefined && !/^rediss?:\/\/[^\s]+$/.test(redis)) throw new UsageError(`--redis wants an address like redis://127.0.0.1:6379, got "${redis}".`, 'serve')
  if (password !== undefined && (!password || password.length > LIMITS.maxPasswordLength)) throw new UsageError(`--password must be 1 to ${LIMITS.maxPasswordLength} characters.`, 'serve')
  return {
    dir: nonEmpty('serve', 'dir', values.dir as string | undefined) ?? 'dist',
    port: port('serve', values.port as string | undefined) ?? 3030,
    host: nonEmpty('serve', 'host', values.host as string | undefined) ?? '127.0.0.1',
    password: password ?? null,
    redis: redis ?? null,
    help: Boolean(values.help),
  }
}
