// The page's one key dispatcher: layers asked top-down (dialog, drawing, editor, view), a modal layer hides keys below.
import { describe, expect, it } from 'vitest'
import { KeyDispatcher, type KeyLayerName, type KeyPress } from '../../src/keys/dispatcher'

function press(key: string, init: Partial<KeyPress> = {}): KeyPress {
  const event = {
    key,
    shiftKey: false,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    repeat: false,
    isComposing: false,
    target: null,
    defaultPrevented: false,
    ...init,
    preventDefault() {
      event.defaultPrevented = true
    },
  }
  return event
}

/** A dispatcher whose layers log who saw each key; `takes` says which keys a layer takes. */
function setup(layers: { name: KeyLayerName; id: string; takes: string[]; modal?: boolean }[]) {
  const seen: string[] = []
  const dispatcher = new KeyDispatcher()
  const remove = layers.map(({ name, id, takes, modal }) =>
    dispatcher.add({
      name,
      modal,
      handle: (event) => {
        seen.push(id)
        return takes.includes(event.key)
      },
    }),
  )
  return { dispatcher, seen, remove }
}

describe('KeyDispatcher', () => {
  it('asks the layers in their fixed order whatever order they were added in', () => {
    const { dispatcher, seen } = setup([
      { name: 'view', id: 'view', takes: [] },
      { name: 'drawing', id: 'drawing', takes: [] },
      { name: 'editor', id: 'editor', takes: [] },
    ])
    dispatcher.dispatch(press('x'))
    expect(seen).toEqual(['drawing', 'editor', 'view'])
  })

  it('stops at the layer that takes the key and prevents its default', () => {
    const { dispatcher, seen } = setup([
      { name: 'view', id: 'view', takes: ['s'] },
      { name: 'drawing', id: 'drawing', takes: ['s'] },
    ])
    const event = press('s')
    dispatcher.dispatch(event)
    expect(seen).toEqual(['drawing'])
    expect(event.defaultPrevented).toBe(true)
  })

  it("a modal dialog keeps every key from the slide, taken or not, and leaves an untaken key's default alone", () => {
    const { dispatcher, seen } = setup([
      { name: 'view', id: 'view', takes: ['ArrowRight'] },
      { name: 'dialog', id: 'help', takes: ['Escape'], modal: true },
    ])
    const arrow = press('ArrowRight')
    dispatcher.dispatch(arrow)
    expect(seen).toEqual(['help'])
    expect(arrow.defaultPrevented).toBe(false)
  })

  it('the dialog opened last is on top; closing it gives the keys back to the one below', () => {
    const { dispatcher, seen, remove } = setup([
      { name: 'view', id: 'view', takes: [] },
      { name: 'dialog', id: 'overview', takes: [], modal: true },
      { name: 'dialog', id: 'help', takes: [], modal: true },
    ])
    dispatcher.dispatch(press('1'))
    remove[2]!()
    dispatcher.dispatch(press('1'))
    remove[1]!()
    dispatcher.dispatch(press('1'))
    expect(seen).toEqual(['help', 'overview', 'view'])
  })

  it('a key a control already handled reaches no layer', () => {
    const { dispatcher, seen } = setup([{ name: 'view', id: 'view', takes: ['ArrowRight'] }])
    dispatcher.dispatch(press('ArrowRight', { defaultPrevented: true }))
    expect(seen).toEqual([])
  })
})
