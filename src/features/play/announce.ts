// Words for the screen-reader announcement of a slide change, in the deck's language.

export function slideAnnouncement(lang: string, no: number, total: number, title: string): string {
  if (lang.toLowerCase().startsWith('zh')) return `第 ${no} 张，共 ${total} 张${title ? `：${title}` : ''}`
  return `Slide ${no} of ${total}${title ? `: ${title}` : ''}`
}
