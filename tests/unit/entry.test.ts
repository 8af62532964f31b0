// Which page a visit opens on, from the address alone: play pages get the first-slide boot, the rest do not.
import { describe, expect, it } from 'vitest'
import { entryRoute } from '../../src/logic/entry'

const clicks = [0, 3, 0, 1, 5] // five slides

describe('entryRoute', () => {
  it.each([
    ['/', '', { kind: 'play', no: 1, clicks: 0 }],
    ['', '', { kind: 'play', no: 1, clicks: 0 }],
    ['/1', '', { kind: 'play', no: 1, clicks: 0 }],
    ['/5', '', { kind: 'play', no: 5, clicks: 0 }],
    ['/2', '?clicks=2', { kind: 'play', no: 2, clicks: 2 }],
    ['/2', '?embedded&clicks=9', { kind: 'play', no: 2, clicks: 3 }],
    ['/2', '?clicks=-1', { kind: 'play', no: 2, clicks: 0 }],
    ['/2', '?clicks=abc', { kind: 'play', no: 2, clicks: 0 }],
    ['/1', '?clicks=4', { kind: 'play', no: 1, clicks: 0 }],
  ] as const)('%s%s is the play page %o', (path, search, expected) => {
    expect(entryRoute(path, search, clicks)).toEqual(expected)
  })

  it.each([
    ['/6', 1],
    ['/0', 1],
    ['/02x', 1],
    ['/1/2', 1],
    ['/presenter', 1],
    ['/presenter/4', 4],
    ['/presenter/print', 1],
    ['/print', 1],
    ['/abc', 1],
  ] as const)('%s is another page (slide %i)', (path, no) => {
    expect(entryRoute(path, '', clicks)).toEqual({ kind: 'other', no })
  })
})
