// Lets a script start another of the repository's TypeScript scripts in a child Node, from any working folder.
import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'

/** Node flags that load tsx (found from this file, not from the child's working folder). */
export const TS_NODE_ARGS = ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href]
