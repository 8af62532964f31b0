// Makes one keyboard listener serve every feature: layers in a fixed order each see a key only when no layer above took it.

/**
 * The layers, top first: an open dialog (overview, goto, help, info, pairing, password, recording; the last opened
 * on top) keeps every key; drawing mode's tools; the dev editor's keys; the view's shortcuts (play, presenter, reader).
 */
export const KEY_LAYERS = ['dialog', 'drawing', 'editor', 'view'] as const
export type KeyLayerName = (typeof KEY_LAYERS)[number]

/** The part of a KeyboardEvent the layers read (a plain object in unit tests). */
export interface KeyPress {
  key: string
  shiftKey: boolean
  ctrlKey: boolean
  metaKey: boolean
  altKey: boolean
  repeat: boolean
  isComposing: boolean
  target: EventTarget | null
  defaultPrevented: boolean
  preventDefault(): void
}

export interface KeyLayer {
  name: KeyLayerName
  /** True when the layer took the key: its default is prevented and no layer below sees it. */
  handle: (event: KeyPress) => boolean | void
  /** A modal layer hides every key from the layers below, taken or not (the key keeps its default: typing, Tab). */
  modal?: boolean
}

export class KeyDispatcher {
  protected layers: { layer: KeyLayer; order: number }[] = []
  private added = 0

  /** Adds a layer; the returned function removes it. Within one layer the latest added comes first. */
  add(layer: KeyLayer): () => void {
    const entry = { layer, order: this.added++ }
    this.layers.push(entry)
    this.changed()
    return () => {
      this.layers = this.layers.filter((e) => e !== entry)
      this.changed()
    }
  }

  /** Runs the layers top-down; a key a control already handled (its own onKeyDown prevented it) goes to none. */
  dispatch(event: KeyPress): void {
    if (event.defaultPrevented) return
    for (const layer of this.ordered()) {
      if (layer.handle(event)) {
        event.preventDefault()
        return
      }
      if (layer.modal) return
    }
  }

  /** The layers as they are asked, top first. */
  ordered(): KeyLayer[] {
    return [...this.layers].sort((a, b) => KEY_LAYERS.indexOf(a.layer.name) - KEY_LAYERS.indexOf(b.layer.name) || b.order - a.order).map((e) => e.layer)
  }

  /** Called when the set of layers changes (the page's dispatcher binds and unbinds its one listener here). */
  protected changed(): void {}
}

/** The page's dispatcher: one keydown listener on window while any layer is there, none otherwise. */
class WindowKeyDispatcher extends KeyDispatcher {
  private bound = false
  private readonly listener = (event: KeyboardEvent) => this.dispatch(event)

  protected override changed(): void {
    const want = this.layers.length > 0
    if (want === this.bound || typeof window === 'undefined') return
    this.bound = want
    // Bubble phase: a control's own key handler (a slider, the notes divider, goto's list) runs first and wins.
    if (want) window.addEventListener('keydown', this.listener)
    else window.removeEventListener('keydown', this.listener)
  }
}

export const keyDispatcher: KeyDispatcher = new WindowKeyDispatcher()
