// The one file-name rule the recorder (browser) and the export (Node) share.
import { expect, it } from 'vitest'
import { safeFileName } from '../../shared/file-name'

it.each([
  ['银行业务与货币创造', '银行业务与货币创造'],
  ['a/b: c?', 'a-b-c'],
  ['a:b*c', 'a-b-c'],
  ['Q3   review  deck ', 'Q3 review deck'],
  ['tab\tdeck', 'tab-deck'],
  ['..\\..\\secret', 'secret'],
  ['.hidden', 'hidden'],
  ['tab\u0001bell\u0007', 'tab-bell'],
  ['  ', ''],
  ['<>|', ''],
])('%j → %j', (name, safe) => {
  expect(safeFileName(name)).toBe(safe)
})
