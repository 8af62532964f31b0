// The side editor's dev endpoints over real HTTP: slides read and written back with nothing lost, and every way of
// reaching another file, another machine or the disk unchecked refused.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AddressInfo } from 'node:net'
import { createEditorMiddleware, createFileQueue, editorCommand, HttpError, isLocalRequest, resolveDeckPath, revisionOf } from '../../plugin/editor'
import { parseDeck } from '../../plugin/parser'
import { DeckState } from '../../plugin/deck/state'
import { resolveDeckOptions } from '../../plugin/options'

const DECK = `---
theme: seriph
title: Editor test
---

# One

<!-- a comment that is not the note --> text

---
layout: center
---

# Two

Some **text**.

<!--
note two
-->

---
src: ./imports/part.md
---

---

# Four

----

# Five
`

const PART = `---
class: imported
---

# Imported

Words.
`

interface Deck {
  dir: string
  file: string
  part: string
  port: number
  launched: { file: string; line: number; column: number }[]
  server: Server
}

const decks: Deck[] = []

afterEach(async () => {
  for (const deck of decks.splice(0)) {
    await new Promise((done) => deck.server.close(done))
    rmSync(deck.dir, { recursive: true, force: true })
  }
})

/** A deck in a temporary project with the editor middleware on a real HTTP server. */
async function startDeck(text = DECK, part = PART): Promise<Deck> {
  const dir = mkdtempSync(join(tmpdir(), 'deck-editor-'))
  const project = join(dir, 'project')
  mkdirSync(join(project, 'imports'), { recursive: true })
  const file = join(project, 'deck.md')
  const partFile = join(project, 'imports', 'part.md')
  writeFileSync(file, text)
  writeFileSync(partFile, part)
  // Files the endpoints must never touch: one in the project, one outside it.
  writeFileSync(join(project, 'package.json'), '{"name":"not-a-deck"}\n')
  writeFileSync(join(dir, 'secret.md'), '# secret\n')
  const launched: Deck['launched'] = []
  // The deck as the dev server's one deck state reads it from disk.
  const state = new DeckState(resolveDeckOptions({ entry: file }))
  const middleware = createEditorMiddleware({
    root: project,
    getAllowedFiles: () => [file, partFile],
    deckOnDisk: () => state.parsedNow(),
    launch: async (f, line, column) => {
      launched.push({ file: f, line, column })
      return 'fake-editor'
    },
  })
  const server = createServer((req, res) =>
    middleware(req, res, () => {
      res.statusCode = 404
      res.end('not ours')
    }),
  )
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const deck = { dir: project, file, part: partFile, port: (server.address() as AddressInfo).port, launched, server }
  decks.push(deck)
  return deck
}

interface Reply {
  status: number
  body: Record<string, unknown>
  text: string
}

function call(deck: Deck, method: string, path: string, body?: string | Buffer, headers: Record<string, string> = {}): Promise<Reply> {
  const sent = { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers }
  return new Promise((done, fail) => {
    const req = request({ host: '127.0.0.1', port: deck.port, method, path, headers: sent }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8')
        let parsed: Record<string, unknown> = {}
        try {
          parsed = JSON.parse(text)
        } catch {
          // Not JSON (a route that is not ours).
        }
        done({ status: res.statusCode ?? 0, body: parsed, text })
      })
    })
    req.on('error', fail)
    if (body !== undefined) req.write(body)
    req.end()
  })
}

const get = (deck: Deck, no: number | string) => call(deck, 'GET', `/__deck/slide/${no}`)

async function post(deck: Deck, no: number, change: Record<string, unknown>, base?: Record<string, unknown>) {
  const from = base ?? (await get(deck, no)).body
  const body = { file: from.file, start: from.start, revision: from.revision, frontmatter: from.frontmatter, content: from.content, note: from.note, ...change }
  return call(deck, 'POST', `/__deck/slide/${no}`, JSON.stringify(body))
}

/** The file's lines outside [start, end) of slide `index` in the original text, for byte-for-byte comparisons. */
function outside(text: string, start: number, end: number): [string, string] {
  const lines = text.split('\n')
  return [lines.slice(0, start).join('\n'), lines.slice(end).join('\n')]
}

const leftovers = (dir: string) => readdirSync(dir, { recursive: true }).map(String).filter((name) => name.endsWith('.tmp'))

describe('reading a slide', () => {
  it('answers the slide with its file, line, revision and three fields', async () => {
    const deck = await startDeck()
    const res = await get(deck, 2)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      no: 2,
      total: 5,
      file: 'deck.md',
      start: 9,
      line: 14,
      revision: revisionOf(readFileSync(deck.file)),
      eol: 'lf',
      frontmatter: 'layout: center',
      content: '# Two\n\nSome **text**.',
      note: 'note two',
    })
  })

  it('answers an imported slide from its own file', async () => {
    const deck = await startDeck()
    const res = await get(deck, 3)
    expect(res.body).toMatchObject({ file: 'imports/part.md', start: 0, frontmatter: 'class: imported', content: '# Imported\n\nWords.', revision: revisionOf(readFileSync(deck.part)) })
  })

  it.each([
    ['abc', 400, /Not a slide number/],
    ['0', 400, /Not a slide number/],
    ['1.5', 400, /Not a slide number/],
    ['99', 404, /no slide 99: the deck has 5 slides/],
  ])('refuses slide %s with %i', async (no, status, message) => {
    const deck = await startDeck()
    const res = await get(deck, no)
    expect(res.status).toBe(status)
    expect(String(res.body.error)).toMatch(message)
  })

  it('leaves other routes to the next middleware', async () => {
    const deck = await startDeck()
    expect((await call(deck, 'GET', '/__deck/slides')).text).toBe('not ours')
    expect((await call(deck, 'GET', '/deck.md')).text).toBe('not ours')
  })
})

describe('writing a slide back', () => {
  it('round-trips an edit: the slide changes, every other byte of the file stays', async () => {
    const deck = await startDeck()
    const before = readFileSync(deck.file, 'utf8')
    const read = (await get(deck, 2)).body
    const res = await post(deck, 2, { content: '# Two, edited\n\nNew words.', note: 'new note' })
    expect(res.status).toBe(200)
    expect(res.body.saved).toBe(true)
    const after = readFileSync(deck.file, 'utf8')
    const slide = parseDeck(before).parts[1]
    const [head, tail] = outside(before, slide!.start, slide!.end)
    expect(after.startsWith(head + '\n')).toBe(true)
    expect(after.endsWith('\n' + tail)).toBe(true)
    expect(after).toBe(before.replace('# Two\n\nSome **text**.\n\n<!--\nnote two\n-->', '# Two, edited\n\nNew words.\n\n<!--\nnew note\n-->'))
    // The answer carries the new revision, so the next write can follow without reading again.
    const written = res.body.slide as Record<string, unknown>
    expect(written.revision).toBe(revisionOf(readFileSync(deck.file)))
    expect(written.revision).not.toBe(read.revision)
    expect((await post(deck, 2, { content: 'Third version' }, written)).status).toBe(200)
    expect(leftovers(deck.dir)).toEqual([])
  })

  it('keeps a CRLF file CRLF, other slides byte-identical', async () => {
    const crlf = DECK.replace(/\n/g, '\r\n')
    const deck = await startDeck(crlf)
    expect((await get(deck, 4)).body).toMatchObject({ eol: 'crlf', content: '# Four' })
    const res = await post(deck, 4, { content: '# Four\n\n- one\n- two', frontmatter: 'class: four' })
    expect(res.status).toBe(200)
    const after = readFileSync(deck.file)
    expect(after.toString('utf8')).toBe(crlf.replace('---\r\n\r\n# Four\r\n', '---\r\nclass: four\r\n---\r\n\r\n# Four\r\n\r\n- one\r\n- two\r\n'))
    // Not one bare LF was introduced.
    expect(/[^\r]\n/.test(after.toString('utf8'))).toBe(false)
  })

  it('writes an imported slide into its own file and leaves the deck file alone', async () => {
    const deck = await startDeck()
    const deckBefore = readFileSync(deck.file)
    const res = await post(deck, 3, { content: '# Imported\n\nMore words.' })
    expect(res.status).toBe(200)
    expect(readFileSync(deck.file)).toEqual(deckBefore)
    expect(readFileSync(deck.part, 'utf8')).toBe(PART.replace('Words.', 'More words.'))
  })

  it('refuses a write based on an old revision (409), writes nothing, and says what is on disk now', async () => {
    const deck = await startDeck()
    const read = (await get(deck, 2)).body
    // Another editor changes the file meanwhile.
    const changed = readFileSync(deck.file, 'utf8').replace('# Four', '# Four (from another editor)')
    writeFileSync(deck.file, changed)
    const res = await post(deck, 2, { content: 'my text' }, read)
    expect(res.status).toBe(409)
    expect(res.body.conflict).toBe('changed')
    expect(String(res.body.error)).toMatch(/deck\.md changed on disk since this slide was loaded.*your text is kept/)
    expect(res.body.current).toMatchObject({ no: 2, content: '# Two\n\nSome **text**.', revision: revisionOf(Buffer.from(changed)) })
    expect(readFileSync(deck.file, 'utf8')).toBe(changed)
    // Overwriting on purpose: the same text with the revision the conflict named.
    const again = await post(deck, 2, { content: 'my text', revision: (res.body.current as Record<string, unknown>).revision }, read)
    expect(again.status).toBe(200)
    expect(readFileSync(deck.file, 'utf8')).toContain('my text')
    expect(readFileSync(deck.file, 'utf8')).toContain('# Four (from another editor)')
  })

  it('refuses a write when the slide number now names another slide (409 moved)', async () => {
    const deck = await startDeck()
    const read = (await get(deck, 4)).body
    const res = await post(deck, 4, { content: 'x', start: 3 }, read)
    expect(res.status).toBe(409)
    expect(res.body.conflict).toBe('moved')
    expect(readFileSync(deck.file, 'utf8')).toBe(DECK)
  })

  it('refuses text the deck would read differently (422) and keeps the file', async () => {
    const deck = await startDeck()
    const res = await post(deck, 2, { content: '# Two\n\n---\n\n# Sneaky new slide' })
    expect(res.status).toBe(422)
    expect(res.body.reason).toBe('structure')
    expect(readFileSync(deck.file, 'utf8')).toBe(DECK)
  })

  it('answers saved: false and writes nothing when the text is what the file holds', async () => {
    const deck = await startDeck()
    const res = await post(deck, 2, {})
    expect(res.status).toBe(200)
    expect(res.body.saved).toBe(false)
  })

  it.each([
    ['../secret.md', /leads outside the project/],
    ['imports/../../secret.md', /leads outside the project/],
    ['%2e%2e%2fsecret.md', /only the deck file and its src: imports/],
    ['..%2Fsecret.md', /only the deck file and its src: imports/],
    ['/etc/passwd', /absolute paths are not accepted/],
    ['C:/Windows/win.ini', /absolute paths are not accepted/],
    ['..\\secret.md', /backslash/],
    ['deck.md\u0000.png', /NUL byte/],
    ['package.json', /only the deck file and its src: imports/],
    ['imports', /only the deck file/],
  ])('refuses to write %j (403)', async (file, message) => {
    const deck = await startDeck()
    const res = await post(deck, 2, { file, content: 'pwned' })
    expect(res.status).toBe(403)
    expect(String(res.body.error)).toMatch(message)
    expect(readFileSync(deck.file, 'utf8')).toBe(DECK)
    expect(readFileSync(join(deck.dir, 'package.json'), 'utf8')).toBe('{"name":"not-a-deck"}\n')
    expect(readFileSync(join(deck.dir, '..', 'secret.md'), 'utf8')).toBe('# secret\n')
  })

  it('refuses the absolute path of the deck itself too (paths are relative to the project)', async () => {
    const deck = await startDeck()
    expect((await post(deck, 2, { file: deck.file, content: 'x' })).status).toBe(403)
  })

  it('refuses a body over 1 MB (413), declared or streamed, and writes nothing', async () => {
    const deck = await startDeck()
    const read = (await get(deck, 2)).body
    const big = JSON.stringify({ ...read, content: 'x'.repeat(1_100_000) })
    const declared = await call(deck, 'POST', '/__deck/slide/2', big)
    expect(declared.status).toBe(413)
    expect(String(declared.body.error)).toMatch(/too large: at most 1000000 bytes/)
    // Without a content-length (chunked), counted as it arrives.
    const streamed = await new Promise<number>((done, fail) => {
      const req = request({ host: '127.0.0.1', port: deck.port, method: 'POST', path: '/__deck/slide/2', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' } }, (res) => {
        res.resume()
        done(res.statusCode ?? 0)
      })
      req.on('error', fail)
      for (let i = 0; i < 11; i++) req.write('x'.repeat(100_000))
      req.end()
    })
    expect(streamed).toBe(413)
    expect(readFileSync(deck.file, 'utf8')).toBe(DECK)
  })

  it.each([
    ['PUT', 'application/json', '{}', 405, /PUT is not allowed/],
    ['POST', 'text/plain', '{}', 415, /as JSON/],
    ['POST', 'application/x-www-form-urlencoded', 'a=b', 415, /as JSON/],
    ['POST', 'application/json', '{not json', 400, /not JSON/],
    ['POST', 'application/json', '[]', 400, /"file" must be a string/],
    ['POST', 'application/json', '{"file":"deck.md","revision":"x","frontmatter":"","content":"","note":""}', 400, /"start" must be/],
  ])('answers %s with %s and a bad body clearly', async (method, type, body, status, message) => {
    const deck = await startDeck()
    const res = await call(deck, method, '/__deck/slide/2', body, { 'content-type': type })
    expect(res.status).toBe(status)
    expect(String(res.body.error)).toMatch(message)
    expect(readFileSync(deck.file, 'utf8')).toBe(DECK)
  })

  it('never interleaves concurrent writes: of 20 based on one revision exactly one lands, the file stays valid, no temp files', async () => {
    const deck = await startDeck()
    const read = (await get(deck, 2)).body
    const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => post(deck, 2, { content: `# Version ${i}\n\n${'words '.repeat(2000)}` }, read)))
    const won = replies.filter((r) => r.status === 200)
    expect(won).toHaveLength(1)
    expect(replies.filter((r) => r.status === 409)).toHaveLength(19)
    const after = readFileSync(deck.file, 'utf8')
    const parsed = parseDeck(after, { filepath: deck.file, root: deck.dir, readFile: (path) => readFileSync(path, 'utf8') })
    expect(parsed.errors).toEqual([])
    expect(parsed.parts).toHaveLength(parseDeck(DECK).parts.length)
    const winner = (won[0]!.body.slide as Record<string, unknown>).content as string
    expect(parsed.parts[1]!.content).toBe(winner)
    expect(after.replace(winner, '')).toBe(DECK.replace('# Two\n\nSome **text**.', ''))
    expect(leftovers(deck.dir)).toEqual([])
  })

  it('chains 20 writes that each follow the last one, and the file ends with the last', async () => {
    const deck = await startDeck()
    let base = (await get(deck, 5)).body
    for (let i = 0; i < 20; i++) {
      const res = await post(deck, 5, { content: `# Five, take ${i}` }, base)
      expect(res.status).toBe(200)
      base = res.body.slide as Record<string, unknown>
    }
    expect(readFileSync(deck.file, 'utf8')).toBe(DECK.replace('# Five', '# Five, take 19'))
    expect(leftovers(deck.dir)).toEqual([])
  })
})

describe('the per-file queue', () => {
  it('runs one task at a time per file, files in parallel, and goes on after a failure', async () => {
    const enqueue = createFileQueue()
    const running = new Map<string, number>()
    let most = 0
    let together = 0
    const task = (key: string, fail = false) => async () => {
      running.set(key, (running.get(key) ?? 0) + 1)
      most = Math.max(most, running.get(key)!)
      together = Math.max(together, [...running.values()].reduce((a, b) => a + b, 0))
      await new Promise((done) => setTimeout(done, 2))
      running.set(key, running.get(key)! - 1)
      if (fail) throw new Error('boom')
      return key
    }
    const results = await Promise.allSettled([
      ...Array.from({ length: 10 }, (_, i) => enqueue('a.md', task('a.md', i === 3))),
      ...Array.from({ length: 10 }, () => enqueue('b.md', task('b.md'))),
    ])
    expect(most).toBe(1)
    expect(together).toBe(2)
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(1)
  })
})

describe('open in editor', () => {
  it('opens a deck file at a line', async () => {
    const deck = await startDeck()
    const res = await call(deck, 'GET', `/__open-in-editor?file=${encodeURIComponent('deck.md:14')}`)
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Opened deck.md:14 in fake-editor.')
    expect(deck.launched).toEqual([{ file: deck.file, line: 14, column: 1 }])
    await call(deck, 'GET', '/__open-in-editor?file=imports/part.md:4:2')
    expect(deck.launched[1]).toEqual({ file: deck.part, line: 4, column: 2 })
  })

  it.each([
    ['../secret.md:1', 403],
    ['..%2Fsecret.md', 403],
    ['%2e%2e%2fsecret.md:1', 403],
    ['%252e%252e%252fsecret.md:1', 403],
    ['/etc/passwd:1', 403],
    ['package.json:1', 403],
    ['', 400],
  ])('refuses file=%s', async (file, status) => {
    const deck = await startDeck()
    const res = await call(deck, 'GET', `/__open-in-editor?file=${file}`)
    expect(res.status).toBe(status)
    expect(deck.launched).toEqual([])
  })

  it('answers GET only', async () => {
    const deck = await startDeck()
    expect((await call(deck, 'POST', '/__open-in-editor?file=deck.md:1', '{}')).status).toBe(405)
  })

  it.each<[Record<string, string>, string, string[]]>([
    [{}, 'code', ['-g', '/p/deck.md:12:1']],
    [{ LAUNCH_EDITOR: 'code --reuse-window', EDITOR: 'vim' }, 'code', ['--reuse-window', '-g', '/p/deck.md:12:1']],
    [{ VISUAL: '/usr/bin/subl' }, '/usr/bin/subl', ['/p/deck.md:12:1']],
    [{ EDITOR: 'webstorm' }, 'webstorm', ['--line', '12', '/p/deck.md']],
    [{ EDITOR: 'gedit' }, 'gedit', ['+12', '/p/deck.md']],
    [{ LAUNCH_EDITOR: 'myeditor --goto {file}#L{line}' }, 'myeditor', ['--goto', '/p/deck.md#L12']],
    [{ EDITOR: 'unknown-editor' }, 'unknown-editor', ['/p/deck.md']],
  ])('builds the command for %j', (env, command, args) => {
    expect(editorCommand(env, '/p/deck.md', 12, 1)).toMatchObject({ command, args })
  })

  it('explains that a terminal editor cannot be started from the dev server', () => {
    expect(() => editorCommand({ EDITOR: 'vim' }, '/p/deck.md', 1, 1)).toThrow(/runs in a terminal.*LAUNCH_EDITOR/)
  })
})

describe('who may call', () => {
  /** A request as the middleware sees it, from any address with any headers. */
  function fakeRequest(address: string, headers: Record<string, string>, url = '/__deck/slide/1'): IncomingMessage {
    return { url, method: 'GET', headers, socket: { remoteAddress: address } } as unknown as IncomingMessage
  }

  it.each([
    ['127.0.0.1', { host: '127.0.0.1:5173' }, true],
    ['::1', { host: 'localhost:5173' }, true],
    ['::ffff:127.0.0.1', { host: '[::1]:5173', origin: 'http://[::1]:5173' }, true],
    ['127.0.0.1', { host: 'localhost:5173', origin: 'http://localhost:5173', 'sec-fetch-site': 'same-origin' }, true],
    ['192.168.1.20', { host: '192.168.1.5:5173' }, false],
    ['10.0.0.2', { host: 'localhost:5173' }, false],
    ['127.0.0.1', { host: 'evil.example:5173' }, false],
    ['127.0.0.1', { host: 'localhost:5173', origin: 'https://evil.example' }, false],
    ['127.0.0.1', { host: 'localhost:5173', origin: 'null' }, false],
    ['127.0.0.1', { host: 'localhost:5173', 'sec-fetch-site': 'cross-site' }, false],
  ])('from %s with %j: %s', (address, headers, allowed) => {
    expect(isLocalRequest(fakeRequest(address, headers))).toBe(allowed)
  })

  it('answers another machine 403 without reading or launching anything', async () => {
    const launch = vi.fn()
    const middleware = createEditorMiddleware({ root: '/nonexistent', getAllowedFiles: () => ['/nonexistent/deck.md'], deckOnDisk: () => ({ deck: null, errors: [] }), launch })
    for (const url of ['/__deck/slide/1', '/__open-in-editor?file=deck.md:1']) {
      const res = { statusCode: 0, body: '', setHeader() {}, end(text: string) { this.body = text } }
      middleware(fakeRequest('192.168.1.20', { host: 'localhost:5173' }, url), res as unknown as ServerResponse, () => {
        throw new Error('should answer, not pass on')
      })
      await vi.waitFor(() => expect(res.statusCode).toBe(403))
      expect(JSON.parse(res.body).error).toMatch(/only pages of this dev server on this machine/)
    }
    expect(launch).not.toHaveBeenCalled()
  })

  it('resolves only the allowed files, named relative to the project', () => {
    const allowed = ['/p/deck.md', '/p/imports/part.md']
    expect(resolveDeckPath('/p', allowed, 'deck.md')).toBe('/p/deck.md')
    expect(resolveDeckPath('/p', allowed, './imports/part.md')).toBe('/p/imports/part.md')
    expect(() => resolveDeckPath('/p', allowed, '/p/deck.md')).toThrow(HttpError)
    expect(() => resolveDeckPath('/p', allowed, 'imports/other.md')).toThrow(/only the deck file/)
  })
})
