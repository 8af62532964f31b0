// Tells what an embedded page's address is: blocked (script), a local demo on this machine, a remote page, or none.

export type EmbedTarget =
  | { kind: 'none' }
  | { kind: 'blocked'; url: string }
  | { kind: 'local'; url: string; port: string }
  | { kind: 'remote'; url: string }

import { isScriptUrl, squashUrl } from '../../shared/script-url'

// Beyond script links, an embed may not load inline documents or local files either.
const UNEMBEDDABLE_SCHEME = /^(data|blob|file):/i
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '0.0.0.0'])

/** Classifies `url` (absolute, or relative to `base`, the deck's own address). */
export function classifyEmbedUrl(url: unknown, base: string): EmbedTarget {
  if (typeof url !== 'string' || !url.trim()) return { kind: 'none' }
  if (isScriptUrl(url) || UNEMBEDDABLE_SCHEME.test(squashUrl(url))) return { kind: 'blocked', url }
  let parsed: URL
  try {
    parsed = new URL(url.trim(), base)
  } catch {
    return { kind: 'blocked', url }
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return { kind: 'blocked', url }
  const host = parsed.hostname.toLowerCase()
  if (LOCAL_HOSTS.has(host) || host.endsWith('.localhost')) {
    return { kind: 'local', url: parsed.href, port: parsed.port || (parsed.protocol === 'https:' ? '443' : '80') }
  }
  return { kind: 'remote', url: parsed.href }
}

/** The sandbox every embedded page gets: enough for a web app demo, no top navigation, no downloads. */
export const EMBED_SANDBOX = 'allow-scripts allow-same-origin allow-forms allow-popups'
