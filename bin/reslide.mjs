#!/usr/bin/env node
// The `reslide` command: the engine is TypeScript, loaded through tsx; everything else is in cli/index.ts.
import { register } from 'tsx/esm/api'

register()
const { main } = await import('../cli/index.ts')
process.exitCode = await main(process.argv.slice(2))
