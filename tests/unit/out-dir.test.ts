// The build folder's old files, moved aside at once and deleted while the build runs (plugin/out-dir.ts).
import { describe, expect, it } from 'vitest'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { tmpdir } from 'node:os'
import { asideName, moveAsideAndDelete } from '../../plugin/out-dir'

function project() {
  const root = mkdtempSync(join(tmpdir(), 'deck-out-dir-'))
  const dist = join(root, 'dist')
  mkdirSync(join(dist, 'assets'), { recursive: true })
  writeFileSync(join(dist, 'index.html'), 'old')
  writeFileSync(join(dist, 'assets', 'a.js'), 'old')
  return { root, dist }
}

describe('the old build folder', () => {
  it('is gone from its place at once, and deleted by the time the promise settles', async () => {
    const { root, dist } = project()
    const deleting = moveAsideAndDelete(root, dist, undefined)
    expect(deleting).not.toBeNull()
    expect(existsSync(dist)).toBe(false)
    expect(existsSync(asideName(dist))).toBe(true)
    await deleting
    expect(readdirSync(root)).toEqual([])
  })

  it('also deletes what a build that stopped half-way left beside it', async () => {
    const { root, dist } = project()
    mkdirSync(join(asideName(dist, 4242), 'assets'), { recursive: true })
    await moveAsideAndDelete(root, dist, true)
    expect(readdirSync(root)).toEqual([])
  })

  it("follows Vite's rule: a folder outside the project is kept unless emptyOutDir says otherwise", async () => {
    const { root: elsewhere, dist } = project()
    const root = mkdtempSync(join(tmpdir(), 'deck-project-'))
    expect(moveAsideAndDelete(root, dist, undefined)).toBeNull()
    expect(moveAsideAndDelete(elsewhere, dist, false)).toBeNull()
    expect(readdirSync(dist).sort()).toEqual(['assets', 'index.html'])
    await moveAsideAndDelete(root, dist, true)
    expect(existsSync(dist)).toBe(false)
  })

  it('leaves nothing to do when there is no folder yet, or the folder is the project itself', () => {
    const { root, dist } = project()
    expect(moveAsideAndDelete(root, join(root, 'none'), true)).toBeNull()
    expect(moveAsideAndDelete(root, root, true)).toBeNull()
    expect(existsSync(dist)).toBe(true)
  })
})
