// One rule decides which addresses run script, for the build's links and the runtime's embeds alike.
import { describe, expect, it } from 'vitest'
import { isScriptUrl } from '../../shared/script-url'
import { classifyEmbedUrl } from '../../src/logic/embed-url'

const base = 'https://deck.example/12'

describe('script addresses', () => {
  it.each([
    'javascript:alert(1)',
    ' JavaScript:alert(1)',
    'java\tscript:alert(1)',
    'java\u0000script:alert(1)',
    '&#106;avascript:alert(1)',
    '&#x6A;avascript:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html,<script>alert(1)</script>',
    'data:application/javascript,alert(1)',
  ])('%j runs script: links and embeds both refuse it', (url) => {
    expect(isScriptUrl(url)).toBe(true)
    expect(classifyEmbedUrl(url, base).kind).toBe('blocked')
  })

  it.each(['https://example.com/a?javascript:1', '/12', '#top', 'mailto:a@b.cn', 'data:image/png;base64,AAAA'])('%j is a link, not script', (url) => {
    expect(isScriptUrl(url)).toBe(false)
  })

  it('an embed refuses inline documents and local files that a link may still name', () => {
    for (const url of ['data:image/svg+xml,<svg/>', 'blob:https://deck.example/1', 'file:///etc/passwd']) {
      expect(isScriptUrl(url)).toBe(false)
      expect(classifyEmbedUrl(url, base).kind).toBe('blocked')
    }
    expect(classifyEmbedUrl('https://example.com/demo', base).kind).toBe('remote')
  })
})
