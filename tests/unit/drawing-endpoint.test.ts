import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, request, type Server } from 'node:http'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AddressInfo } from 'node:net'
import { createDrawingsMiddleware, fromSvgFile, slideOfFile, toSvgFile } from '../../plugin/drawings'
import { parseSlideNo as parseSlideParam } from '../../plugin/dev-requests'

let dir = ''
let server: Server
let port = 0
let deckFile = ''

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'deck-drawings-'))
  deckFile = join(dir, 'deck.md')
  writeFileSync(deckFile, '---\ntitle: t\n---\n\n# One\n')
  const middleware = createDrawingsMiddleware({ deckFile: () => deckFile, canvas: () => ({ width: 980, height: 552 }) })
  server = createServer((req, res) => middleware(req, res, () => {
    res.statusCode = 404
    res.end('not ours')
  }))
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  port = (server.address() as AddressInfo).port
})

afterAll(async () => {
  await new Promise((done) => server.close(done))
  rmSync(dir, { recursive: true, force: true })
})

function call(method: string, path: string, body?: string | Buffer, headers: Record<string, string> = { 'x-deck-drawings': '1' }) {
  return new Promise<{ status: number; text: string }>((done, fail) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => done({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }))
    })
    req.on('error', (error) => (/ECONNRESET|EPIPE/.test(String(error)) ? done({ status: 413, text: 'reset' }) : fail(error)))
    if (body !== undefined) req.write(body)
    req.end()
  })
}

const folder = () => join(dir, '.deck-drawings', 'deck')

describe('the dev drawings endpoint', () => {
  it('answers an empty map before anything is drawn, without creating the folder', async () => {
    const res = await call('GET', '/@deck/drawings')
    expect(res).toEqual({ status: 200, text: '{}' })
    expect(existsSync(folder())).toBe(false)
  })

  it('saves a slide as a standalone SVG file, reads it back, and deletes it on an empty body', async () => {
    expect((await call('PUT', '/@deck/drawings/3', '<path d="M 1,1 L 9,9"></path>')).status).toBe(204)
    const file = join(folder(), '3.svg')
    expect(readFileSync(file, 'utf8')).toBe('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 980 552"><path d="M 1,1 L 9,9"></path></svg>\n')
    expect(JSON.parse((await call('GET', '/@deck/drawings')).text)).toEqual({ 3: '<path d="M 1,1 L 9,9"></path>' })
    // No temporary file is left behind by the atomic write.
    expect(readdirSync(folder())).toEqual(['3.svg'])
    expect(readdirSync(join(dir, '.deck-drawings'))).toEqual(['deck'])
    expect((await call('PUT', '/@deck/drawings/3', '')).status).toBe(204)
    expect(existsSync(file)).toBe(false)
  })

  it('works under a base path too', async () => {
    expect((await call('PUT', '/deck/@deck/drawings/2', '<line></line>')).status).toBe(204)
    expect(JSON.parse((await call('GET', '/deck/@deck/drawings?x=1')).text)).toEqual({ 2: '<line></line>' })
  })

  it('DELETE removes every slide file and nothing else', async () => {
    await call('PUT', '/@deck/drawings/5', '<rect></rect>')
    writeFileSync(join(folder(), 'notes.txt'), 'keep me')
    expect((await call('DELETE', '/@deck/drawings')).status).toBe(204)
    expect(readdirSync(folder())).toEqual(['notes.txt'])
    expect((await call('GET', '/@deck/drawings')).text).toBe('{}')
  })

  const bad: [string, string, string, number, RegExp][] = [
    ['a word', 'PUT', '/@deck/drawings/abc', 400, /Not a slide number: "abc"/],
    ['zero', 'PUT', '/@deck/drawings/0', 400, /Not a slide number/],
    ['a negative number', 'PUT', '/@deck/drawings/-1', 400, /Not a slide number/],
    ['an encoded path', 'PUT', '/@deck/drawings/..%2F..%2Fdeck.md', 400, /Not a slide number: "..\/..\/deck.md"/],
    ['broken encoding', 'PUT', '/@deck/drawings/%E0%A4%A', 400, /Not a slide number/],
    ['a dotted file', 'PUT', '/@deck/drawings/1.svg', 400, /Not a slide number/],
    ['POST on one slide', 'POST', '/@deck/drawings/1', 405, /POST is not allowed here: PUT/],
    ['PUT on the collection', 'PUT', '/@deck/drawings', 405, /PUT is not allowed here: GET or DELETE/],
  ]
  it.each(bad)('refuses %s with a clear message', async (_name, method, path, status, message) => {
    const res = await call(method, path, '<path></path>')
    expect(res.status).toBe(status)
    expect(res.text).toMatch(message)
    expect(existsSync(join(dir, 'deck.md'))).toBe(true)
    expect(readFileSync(deckFile, 'utf8')).toContain('# One')
  })

  it('refuses a request without its header, from a foreign Host or a foreign Origin', async () => {
    expect((await call('GET', '/@deck/drawings', undefined, {})).status).toBe(403)
    const rebound = await call('PUT', '/@deck/drawings/1', '<path></path>', { 'x-deck-drawings': '1', host: 'evil.example:5173' })
    expect(rebound.status).toBe(403)
    expect(rebound.text).toMatch(/only this machine/)
    const foreign = await call('PUT', '/@deck/drawings/1', '<path></path>', { 'x-deck-drawings': '1', origin: 'http://evil.example' })
    expect(foreign.status).toBe(403)
    expect(existsSync(join(folder(), '1.svg'))).toBe(false)
  })

  it('refuses a drawing with an <svg> wrapper, and one too large', async () => {
    expect((await call('PUT', '/@deck/drawings/1', '<svg><path></path></svg>')).text).toMatch(/without its <svg> wrapper/)
    const huge = await call('PUT', '/@deck/drawings/1', Buffer.alloc(1_200_000, 'a'))
    expect(huge.status).toBe(413)
    expect(existsSync(join(folder(), '1.svg'))).toBe(false)
  })

  it('passes other URLs on', async () => {
    expect((await call('GET', '/@deck/drawingsX')).status).toBe(404)
    expect((await call('GET', '/slides.md')).text).toBe('not ours')
  })

  it.each([['.deck-drawings'], ['.deck-drawings/deck']])('refuses to follow %s when it is a link to another folder', async (link) => {
    rmSync(join(dir, '.deck-drawings'), { recursive: true, force: true })
    if (link.includes('/')) mkdirSync(join(dir, '.deck-drawings'))
    const elsewhere = mkdtempSync(join(dir, 'elsewhere-'))
    symlinkSync(elsewhere, join(dir, link))
    const res = await call('PUT', '/@deck/drawings/1', '<path></path>')
    expect(res.status).toBe(500)
    expect(res.text).toMatch(/is not a plain folder/)
    expect(readdirSync(elsewhere)).toEqual([])
    expect((await call('GET', '/@deck/drawings')).status).toBe(500)
    rmSync(join(dir, '.deck-drawings'), { recursive: true, force: true })
  })
})

describe('drawing files', () => {
  it.each([
    ['1.svg', 1],
    ['107.svg', 107],
    ['0.svg', null],
    ['01.svg', null],
    ['1.svg.tmp', null],
    ['a.svg', null],
  ])('%s is slide %s', (name, no) => {
    expect(slideOfFile(name)).toBe(no)
  })
  it('round-trips a drawing through its file and rejects foreign files', () => {
    expect(fromSvgFile(toSvgFile('<path></path>', { width: 980, height: 552 }))).toBe('<path></path>')
    expect(fromSvgFile('hello')).toBe('')
    expect(fromSvgFile('<svg><path></path>')).toBe('')
  })
  it('parses slide numbers strictly', () => {
    expect(parseSlideParam('12')).toBe(12)
    expect(() => parseSlideParam('1e2')).toThrow(/Not a slide number/)
  })
})
