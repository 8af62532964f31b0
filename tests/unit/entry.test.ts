// Reading addresses: the position a route shows (the one source of where the deck is), the router's part of a page's
// location, and which page a visit opens on (play pages get the first-slide boot, the rest do not).
import { describe, expect, it } from 'vitest'
import { entryRoute, routePosition, routerAddress } from '../../src/logic/entry'

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

describe('routePosition', () => {
  const deck = { total: clicks.length, clicksOf: (no: number) => clicks[no - 1] ?? 0 }
  const at = (pathname: string, search = '', hash = '') => routePosition({ pathname, search, hash }, deck)

  it.each([
    ['/1', '', '', { no: 1, clicks: 0 }],
    ['/2', '?clicks=2', '', { no: 2, clicks: 2 }],
    ['/2/', '?clicks=9&embedded', '', { no: 2, clicks: 3 }],
    ['/2', '?clicks=x', '', { no: 2, clicks: 0 }],
    ['/presenter/5', '?clicks=4&password=p', '', { no: 5, clicks: 4 }],
    ['/4', '?view=reader&clicks=1', '', { no: 4, clicks: 0 }],
    ['/reader/', '', '#slide-3', { no: 3, clicks: 0 }],
    ['/reader', '', '', { no: 1, clicks: 0 }],
    ['/reader/', '', '#slide-99', { no: 1, clicks: 0 }],
  ] as const)('%s%s%s shows %o', (pathname, search, hash, expected) => {
    expect(at(pathname, search, hash)).toEqual(expected)
  })

  it.each(['/', '/0', '/6', '/1x', '/print', '/presenter', '/presenter/print', '/presenter/9', '/1/2', '/abc'])('%s shows no position', (pathname) => {
    expect(at(pathname)).toBeNull()
  })
})

describe('routerAddress', () => {
  const page = (pathname: string, search = '', hash = '') => ({ pathname, search, hash })

  it('takes the path under the base, with its query and fragment', () => {
    expect(routerAddress(page('/deck/3', '?clicks=1', '#x'), false, '/deck/')).toEqual(page('/3', '?clicks=1', '#x'))
    expect(routerAddress(page('/deck', ''), false, '/deck/')).toEqual(page('/'))
    expect(routerAddress(page('/12'), false, '/')).toEqual(page('/12'))
  })

  it('in hash mode takes the route after the #, never the page file\'s own path or query', () => {
    expect(routerAddress(page('/tmp/deck/index.html', '?x=1', '#/4?clicks=2'), true, './')).toEqual(page('/4', '?clicks=2'))
    expect(routerAddress(page('/index.html', '', ''), true, './')).toEqual(page('/'))
  })
})
