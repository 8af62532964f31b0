// Whether the HTML a page arrived with is the one the app would render for its address (then it hydrates).

/**
 * `prerendered` is the route the build rendered into the page (`data-prerendered` on #app), `path` (relative to
 * the base, from '/') and `search` the address. Only a plain play address matches: a query (clicks, embedded, a
 * password) changes what the app renders, and a host answering an unknown path with another page's HTML (404.html,
 * `_redirects`) must not be mistaken for that page.
 */
export function canHydrate(prerendered: string | undefined, path: string, search: string): boolean {
  if (!prerendered || (search !== '' && search !== '?')) return false
  const asked = path === '/' || path === '' ? '/1' : path.replace(/\/$/, '')
  return asked === prerendered
}
