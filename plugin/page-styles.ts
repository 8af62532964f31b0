// Stylesheets written into a prerendered page: a page that carries its own CSS paints after one round trip (a
// stylesheet link would cost a second one before anything shows, 560 ms more on a slow phone network).
/** One of the build's CSS files, read for a page. */
export interface PageStyle {
  /** The file in the build (`assets/index-x.css`). */
  file: string
  css: string
}

/** CSS moved from `assets/x.css` into a page at another place: relative `url()`s made absolute from the base. */
export function cssForPage(css: string, cssFile: string, base: string): string {
  const folder = `${base}${cssFile.replace(/[^/]*$/, '')}`
  return css.replace(/url\(\s*(['"]?)(?![a-z][a-z0-9+.-]*:|\/|#)([^'")]+)\1\s*\)/gi, (_, quote: string, path: string) => `url(${quote}${folder}${path}${quote})`)
}

/**
 * The page with the given stylesheets inside its head, in the order given (the cascade's). Each one's link becomes
 * a disabled link (never fetched, HTML's rule for a disabled stylesheet), which tells the app's loader of lazy chunks
 * that the sheet is already in the page, so it does not fetch and apply it a second time. Other links stay. A
 * `</style` in the CSS cannot end the element early.
 */
export function inlineStylesheets(page: string, styles: PageStyle[], base: string): string {
  const inline = styles.map(({ file, css }) => `<style data-from="${file}">${cssForPage(css, file, base).replace(/<\/style/gi, '<\\/style')}</style>`).join('\n')
  const markers = styles.map(({ file }) => `<link rel="stylesheet" href="${base}${file}" disabled>`).join('')
  const inlined = new Set(styles.map((s) => `${base}${s.file}`))
  return page.replace(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>\n?/g, (link, href: string) => (inlined.has(href) ? '' : link)).replace('</head>', `${inline}\n${markers}</head>`)
}
