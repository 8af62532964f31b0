// The HTML the server writes itself: the built pages with the relay announced (and a presenter's access granted),
// the password prompt that works without the app's JavaScript, and the page a refused pairing code gets.
import { escapeHtml } from '../shared/html.ts'
import { refusedPath } from '../shared/sync-protocol.ts'
import { SYNC_PATH } from './socket.ts'

/** The built index.html with the relay announced, so the app knows a relay is here (static hosts have none). */
export function announceRelay(html: string) {
  return html.replace('</head>', `<meta name="deck-sync" content="${SYNC_PATH}">\n</head>`)
}

/** A presenter page the server already let in (password or paired phone): the app's own prompt stands aside. */
export function announceGranted(html: string) {
  return html.replace('</head>', `<meta name="deck-presenter-access" content="granted">\n</head>`)
}

/** Why a pairing link did not work, for the phone's screen. */
const PAIR_REFUSALS: Record<'unknown' | 'used' | 'expired', string> = {
  unknown: '这个配对二维码无效。请让演讲者生成新的二维码。 · This pairing code is not valid: ask the presenter for a new one.',
  used: '这个配对二维码已经用过了（每个二维码只能用一次）。请让演讲者生成新的二维码。 · This pairing code has been used already (each works once): ask the presenter for a new one.',
  expired: '这个配对二维码已过期（10 分钟有效）。请让演讲者生成新的二维码。 · This pairing code has expired (codes last 10 minutes): ask the presenter for a new one.',
}

export function pairRefusedPage(reason: keyof typeof PAIR_REFUSALS, pathname: string) {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>配对失败 · Pairing failed</title>
<style>body{font:18px/1.5 system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;background:#1b1d22;color:#eee}
main{max-width:min(90vw,28rem);padding:28px;border-radius:12px;background:#2a2d34}a{color:#9cf}</style></head>
<body><main><h1>配对失败 · Pairing failed</h1><p data-reason="${reason}">${escapeHtml(PAIR_REFUSALS[reason])}</p>
<p><a href="${escapeHtml(refusedPath(pathname))}">观众视图 · Audience view</a></p></main></body></html>`
}

/** The server's own password prompt for presenter pages (works without the app's JavaScript). */
export function promptPage(pathname: string) {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>演讲者密码 · Presenter password</title>
<style>body{font:18px/1.5 system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;background:#1b1d22;color:#eee}
form{display:grid;gap:12px;padding:28px;border-radius:12px;background:#2a2d34;min-width:min(90vw,22rem)}
input,button{font:inherit;padding:10px 12px;border-radius:8px;border:1px solid #666}button{background:#3d6fd6;color:#fff;border:0;cursor:pointer}
:focus-visible{outline:3px solid #ffd166;outline-offset:2px}</style></head>
<body><form method="get" action="${escapeHtml(pathname)}"><label for="password">演讲者密码 · Presenter password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required autofocus>
<button type="submit">进入 · Enter</button><a href="${escapeHtml(refusedPath(pathname))}" style="color:#9cf">返回观众视图 · Back to the audience view</a></form></body></html>`
}
