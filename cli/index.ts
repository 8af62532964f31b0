// The engine's command (`reslide`): the only place that reads the command line. Each command is a thin shell over a
// function tests call too: dev → Vite's dev server over deck(), build → buildDeck, export → exportFormats,
// serve → startServer. Each command's code loads only when it runs (help and a misused flag answer at once).
import { readFileSync } from 'node:fs'
import { COMMAND, HELP, UsageError, parseBuildArgs, parseDevArgs, parseServeArgs } from './args.ts'

const COMMANDS = ['build', 'export', 'serve', 'dev'] as const

/** Runs the command `argv` names (the arguments after the program); resolves with the exit code. */
export async function main(argv: string[]): Promise<number> {
  const [first, ...rest] = argv
  let command = 'dev'
  try {
    if (first === '--version' || first === '-v') {
      console.log(JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version)
      return 0
    }
    if (first === '--help' || first === '-h' || first === 'help') {
      console.log(HELP.main)
      return 0
    }
    // `reslide`, `reslide talk.md`, `reslide --port 4000`: the dev server.
    const named = (COMMANDS as readonly string[]).includes(first ?? '')
    if (!named && first && !first.startsWith('-') && !/\.(md|markdown)$/i.test(first)) {
      throw new UsageError(`Unknown command "${first}": use build, export, serve, or a deck file (.md) for the dev server.`)
    }
    command = named ? first! : 'dev'
    const args = named ? rest : argv
    switch (command) {
      case 'build': {
        const options = parseBuildArgs(args)
        if (options.help) return help('build')
        return await (await import('./build.ts')).runBuild(options)
      }
      case 'export':
        return await (await import('./export.ts')).runExport(args)
      case 'serve': {
        const options = parseServeArgs(args)
        if (options.help) return help('serve')
        return await (await import('./serve.ts')).runServe(options)
      }
      default: {
        const options = parseDevArgs(args)
        if (options.help) return help('dev')
        return await (await import('./dev.ts')).runDev(options)
      }
    }
  } catch (error) {
    if (error instanceof UsageError) {
      const more = error.command ? `${COMMAND} ${error.command === 'dev' ? '' : `${error.command} `}--help` : `${COMMAND} --help`
      console.error(`${COMMAND}: ${error.message} (${more.replace('  ', ' ')} lists the options)`)
      return 2
    }
    console.error(`${COMMAND} ${command} failed: ${error instanceof Error ? error.message : String(error)}`)
    // DEBUG=1: where it happened (the bundler's stack of a failed build is its cause's).
    if (process.env.DEBUG && error instanceof Error) console.error((error.cause instanceof Error ? error.cause : error).stack)
    return 1
  }
}

function help(command: keyof typeof HELP): number {
  console.log(HELP[command])
  return 0
}
