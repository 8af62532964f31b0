// Text put into HTML (an attribute's value or an element's content), escaped: the one copy the build's pages and the
// server's own pages use.
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}
