// The repository's documents stay inside the repository: every relative Markdown link in README.md, docs/*.md and
// bench/README.md names a file (or folder) that exists, none starts with ../ (a document links down or beside
// itself; code paths further off are named in code spans), and the README stays a short page.
import { describe, expect, it } from 'vitest'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '../..')
const README_MAX_LINES = 300

/** The documents checked, as paths from the repository's root. */
function documents(): string[] {
  const docs = existsSync(join(root, 'docs')) ? readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`) : []
  return ['README.md', ...docs, 'bench/README.md']
}

/** The targets of a document's Markdown links `[text](target)` and images `![alt](target)`, code spans and fences left out. */
function linkTargets(markdown: string): string[] {
  // A fence opens with three or more backticks (and no backtick after them: ```` ```ts ```` is inline code) or tildes.
  const fences = /^ {0,3}(`{3,}(?=[^`\n]*$)|~{3,})[^\n]*\n[\s\S]*?^ {0,3}\1[`~]*[ \t]*$/gm
  const prose = markdown.replace(fences, '').replace(/(`+)[^`][\s\S]*?\1/g, '')
  return [...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]!)
}

/** Whether a link leaves the document set for somewhere that is not a file: a web address, mail, or an anchor. */
const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//') || target.startsWith('#')

describe('documents in the repository', () => {
  it('finds links, leaving out code', () => {
    expect(linkTargets('[a](docs/x.md) `[b](nope.md)` ![c](img.png "t")\n```\n[d](no.md)\n```\n[e](https://x.org)')).toEqual(['docs/x.md', 'img.png', 'https://x.org'])
    // An inline span of a fence (```` ```ts {1|2} ````) at the start of a line is not a fence: the link after it counts.
    expect(linkTargets('```` ```ts {1} ```` shows it\n[f](f.md)\n```` ```ts ````\n')).toEqual(['f.md'])
  })

  it.each(documents())('%s exists', (doc) => {
    expect(existsSync(join(root, doc))).toBe(true)
  })

  it.each(documents())('every relative link in %s resolves to a file in the repository', (doc) => {
    const file = join(root, doc)
    if (!existsSync(file)) return
    const broken: string[] = []
    for (const target of linkTargets(readFileSync(file, 'utf8'))) {
      if (isExternal(target)) continue
      const path = decodeURI(target.replace(/[?#].*$/, ''))
      if (path.startsWith('/')) broken.push(`${target}: absolute paths do not resolve on GitHub or in a clone`)
      const resolved = resolve(dirname(file), path)
      const inside = relative(root, resolved)
      if (inside.startsWith('..')) broken.push(`${target}: outside the repository`)
      else if (!existsSync(resolved)) broken.push(`${target}: no such file`)
    }
    expect(broken).toEqual([])
  })

  it.each(documents())('%s has no link starting with ../', (doc) => {
    const file = join(root, doc)
    if (!existsSync(file)) return
    expect(linkTargets(readFileSync(file, 'utf8')).filter((target) => target.startsWith('../'))).toEqual([])
  })

  it(`README.md is at most ${README_MAX_LINES} lines`, () => {
    const lines = readFileSync(join(root, 'README.md'), 'utf8').replace(/\n$/, '').split('\n').length
    expect(lines).toBeLessThanOrEqual(README_MAX_LINES)
  })
})
