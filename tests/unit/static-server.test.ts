// The one static server (server/static.ts) under the export, the benches and `npm run serve`: the build's
// precompressed files sent by what the browser accepts, caching by kind of file, pages and history fallback, paths
// that try to leave the folder, and the server-only files beside the build that no URL reaches.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { precompress } from '../../plugin/compress'
import { serveStatic } from '../../server/static'
import { startServer } from '../../server/index'
import { NOTES_PATH, SERVER_FILES, serverFilesDir } from '../../shared/server-files'

const work = mkdtempSync(join(tmpdir(), 'deck-static-'))
const dist = join(work, 'dist')
/** Big enough to be worth compressing, with a line a test can look for. */
const script = `export const deck = ${JSON.stringify('银行与货币创造。'.repeat(400))}\n`
const style = `.slidev-page { color: red }\n`.repeat(200)
const page = (name: string) => `<!doctype html><html><head><title>${name}</title></head><body><div id="app">${'<p>幻灯片</p>'.repeat(200)}</div></body></html>`

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }

/** A GET with exactly these headers and the path as written (fetch would normalise it and decompress). */
function get(base: string, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  const { hostname, port } = new URL(base)
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, method, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (d: Buffer) => chunks.push(d))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
    })
    req.on('error', reject)
    req.end()
  })
}

const text = (answer: Answer) =>
  (answer.headers['content-encoding'] === 'br' ? brotliDecompressSync(answer.body) : answer.headers['content-encoding'] === 'gzip' ? gunzipSync(answer.body) : answer.body).toString('utf8')

let host: Awaited<ReturnType<typeof serveStatic>>
let serve: Awaited<ReturnType<typeof startServer>>

beforeAll(async () => {
  mkdirSync(join(dist, 'assets'), { recursive: true })
  mkdirSync(join(dist, '3'), { recursive: true })
  writeFileSync(join(dist, 'index.html'), page('slide 1'))
  writeFileSync(join(dist, '404.html'), page('the app'))
  writeFileSync(join(dist, '3', 'index.html'), page('slide 3'))
  writeFileSync(join(dist, 'assets', 'index-Ab12Cd34.js'), script)
  writeFileSync(join(dist, 'assets', 'index-Ab12Cd34.css'), style)
  writeFileSync(join(dist, 'assets', 'tiny-Zz.js'), 'export {}')
  writeFileSync(join(dist, 'deck-manifest.json'), JSON.stringify({ total: 3 }))
  writeFileSync(join(work, 'secret.txt'), 'outside')
  // What the build leaves for the server beside dist/ (plugin/deck/server-files.ts), and an old build's copy inside.
  mkdirSync(serverFilesDir(dist))
  writeFileSync(join(serverFilesDir(dist), SERVER_FILES.sync), JSON.stringify({ passwordSha256: createHash('sha256').update('hunter2').digest('hex') }))
  writeFileSync(join(serverFilesDir(dist), SERVER_FILES.notes), JSON.stringify({ notes: { 1: '<p>只给演讲者看的备注。</p>' } }))
  await precompress(dist)
  host = await serveStatic(dist)
  serve = await startServer({ dir: dist, port: 0, log: () => {} })
})

afterAll(async () => {
  await Promise.all([host?.close(), serve?.close()])
  rmSync(work, { recursive: true, force: true })
})

describe('precompression (plugin/compress.ts)', () => {
  it('writes .br and .gz beside text files worth it, none for tiny files, and they decompress to the file', () => {
    for (const file of ['assets/index-Ab12Cd34.js', 'assets/index-Ab12Cd34.css', 'index.html', '3/index.html']) {
      const original = readFileSync(join(dist, file))
      expect(brotliDecompressSync(readFileSync(join(dist, `${file}.br`))).equals(original), file).toBe(true)
      expect(gunzipSync(readFileSync(join(dist, `${file}.gz`))).equals(original), file).toBe(true)
    }
    expect(existsSync(join(dist, 'assets', 'tiny-Zz.js.br'))).toBe(false)
    expect(existsSync(join(dist, 'deck-manifest.json.br'))).toBe(false)
  })
})

describe.each([
  ['the static host (export, benches, tests)', () => host.url],
  ['npm run serve', () => serve.url],
])('%s', (_name, base) => {
  it('sends JS and CSS brotli-compressed when asked, gzip when only gzip is accepted, as is otherwise', async () => {
    for (const [path, type, content] of [
      ['/assets/index-Ab12Cd34.js', /^text\/javascript; charset=utf-8$/, script],
      ['/assets/index-Ab12Cd34.css', /^text\/css; charset=utf-8$/, style],
    ] as const) {
      const br = await get(base(), path, { 'accept-encoding': 'gzip, deflate, br' })
      expect(br.status).toBe(200)
      expect(br.headers['content-encoding']).toBe('br')
      expect(br.headers['content-type']).toMatch(type)
      expect(br.headers.vary).toMatch(/Accept-Encoding/i)
      expect(Number(br.headers['content-length'])).toBeLessThan(content.length / 4)
      expect(text(br)).toBe(content)
      const gz = await get(base(), path, { 'accept-encoding': 'gzip' })
      expect(gz.headers['content-encoding']).toBe('gzip')
      expect(text(gz)).toBe(content)
      const plain = await get(base(), path)
      expect(plain.headers['content-encoding']).toBeUndefined()
      expect(plain.body.toString('utf8')).toBe(content)
    }
  })
  it('caches hashed assets for a year as immutable, and has browsers ask again for pages and other files', async () => {
    expect((await get(base(), '/assets/index-Ab12Cd34.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect((await get(base(), '/assets/index-Ab12Cd34.css', { 'accept-encoding': 'br' })).headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect((await get(base(), '/deck-manifest.json')).headers['cache-control']).toBe('no-cache')
    expect((await get(base(), '/3')).headers['cache-control']).toBe('no-cache')
  })
  it('answers a prerendered slide with its page (compressed), any other route with the app, a missing file with 404', async () => {
    const three = await get(base(), '/3', { 'accept-encoding': 'br' })
    expect(three.headers['content-encoding']).toBe('br')
    expect(three.headers['content-type']).toMatch(/^text\/html/)
    expect(text(three)).toContain('<title>slide 3</title>')
    expect(text(await get(base(), '/'))).toContain('<title>slide 1</title>')
    for (const route of ['/7', '/print?range=1-3', '/some/odd/path']) expect(text(await get(base(), route)), route).toContain('<title>the app</title>')
    expect((await get(base(), '/assets/missing.js')).status).toBe(404)
    expect((await get(base(), '/images/missing.png')).status).toBe(404)
  })
  it('reaches nothing outside the build, and only answers GET and HEAD', async () => {
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt', '/..%2fsecret.txt', '/assets/%00.js']) {
      const answer = await get(base(), path)
      expect(answer.body.toString('utf8'), path).not.toContain('outside')
    }
    expect((await get(base(), '/1', {}, 'POST')).status).toBe(405)
    const head = await get(base(), '/assets/index-Ab12Cd34.js', { 'accept-encoding': 'br' }, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.body.length).toBe(0)
  })
})

describe('server-only files', () => {
  it('live beside the build folder: dist → dist-server (trailing slashes too)', () => {
    expect(serverFilesDir('/work/dist')).toBe('/work/dist-server')
    expect(serverFilesDir('.e2e/deck-dist/')).toBe('.e2e/deck-dist-server')
  })
  it('are read by npm run serve from there (the deck password works)', async () => {
    expect(serve.passwordSource).toMatch(/deck/)
    expect((await get(serve.url, '/presenter/1?password=hunter2')).status).toBe(200)
  })
  it('hand the notes out at /__deck/notes only with the presenter password, never cached', async () => {
    const refused = await get(serve.url, NOTES_PATH)
    expect(refused.status).toBe(401)
    expect(refused.body.toString('utf8')).not.toContain('备注')
    const wrong = await get(serve.url, `${NOTES_PATH}?password=nope`)
    expect(wrong.status).toBe(401)
    expect(wrong.body.toString('utf8')).not.toContain('备注')
    const given = await get(serve.url, `${NOTES_PATH}?password=hunter2`, { 'accept-encoding': 'br' })
    expect(given.status).toBe(200)
    expect(given.headers['cache-control']).toBe('no-store')
    expect(JSON.parse(text(given)).notes['1']).toBe('<p>只给演讲者看的备注。</p>')
    // A plain static host has no notes endpoint at all.
    expect((await get(host.url, `${NOTES_PATH}?password=hunter2`, { 'accept-encoding': 'identity' })).body.toString('utf8')).not.toContain('备注')
  })
  it('answer to no spelling of their URL: 404 under npm run serve, never their content from the static host', async () => {
    for (const path of ['/deck-notes.json', '/deck-notes.json/', '/%2fdeck-notes.json', '/deck-sync.json', '/deck-sync.json/', '/%2fdeck-sync.json', '/deck-sync.json%2f', '/assets/..%2fdeck-sync.json', '/../dist-server/deck-sync.json', '/..%2fdist-server%2fdeck-sync.json']) {
      const served = await get(serve.url, path, { 'accept-encoding': 'identity' })
      expect(served.status, path).toBe(404)
      expect(served.body.toString('utf8')).not.toMatch(/passwordSha256|备注/)
      // A static host answers an unknown route with the app, as any host would; never with the file.
      expect((await get(host.url, path, { 'accept-encoding': 'identity' })).body.toString('utf8'), path).not.toMatch(/passwordSha256|备注/)
    }
  })
})
