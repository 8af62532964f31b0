// The build's mermaid: mermaid's own minified ES build, copied unchanged beside the app's chunks (plugin/vendor.ts,
// assets/vendor/mermaid/) and loaded from there. The bundler never reads its 3.6 MB: re-bundling and re-minifying
// code minified already took a quarter of the build's memory and a second of its time.
import type { Mermaid } from 'mermaid'

/** Beside this module's own chunk in assets/: right under any base, absolute or relative. */
const entry = './vendor/mermaid/mermaid.esm.min.mjs'

const mermaid = ((await import(/* @vite-ignore */ new URL(entry, import.meta.url).href)) as { default: Mermaid }).default

export default mermaid
