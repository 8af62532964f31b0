// Which addresses would run script if followed or embedded: one rule for the build's links and the runtime's embeds.

/** Link schemes that run script (plain `data:` images and the like stay allowed in links). */
const SCRIPT_SCHEME = /^(javascript|vbscript|livescript|data:text\/html|data:application\/(x-)?javascript)/i

/**
 * The URL as a browser reads its scheme: whitespace and control characters dropped, character references decoded
 * (browsers ignore the former inside a scheme, and HTML decodes the latter before the URL is parsed).
 */
export function squashUrl(url: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is stripped here
  const decoded = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').replace(/&#(x?[0-9a-f]+);?/gi, (_m, code: string) =>
    String.fromCharCode(code.startsWith('x') || code.startsWith('X') ? parseInt(code.slice(1), 16) : parseInt(code, 10)),
  )
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is stripped here
  return decoded.replace(/[\s\u0000-\u001f]/g, '')
}

/** True when a URL would run script if followed. */
export function isScriptUrl(url: string): boolean {
  return SCRIPT_SCHEME.test(squashUrl(url))
}
