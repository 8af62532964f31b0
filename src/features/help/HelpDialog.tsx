// Makes every key discoverable: `?` opens a dialog listing the keys of the current view, the panels, drawing mode
// and the deck's own shortcuts, in the UI's language.
import { useCallback, useMemo, useRef } from 'react'
import { useAtom, useAtomValue } from 'jotai'
import deckShortcutsSetup from 'virtual:deck/setup/shortcuts'
import { configAtom } from '../../state/deck'
import { viewModeAtom } from '../../state/nav'
import { helpOpenAtom } from '../../state/ui'
import { useDialog } from '../../kit/useDialog'
import { labelsFor } from '../../kit/labels'
import { icons } from '../../kit/icons'
import { baseShortcuts, resolveShortcuts, type NavOperations } from '../shortcuts/shortcuts'
import { drawingControlsAtom } from '../drawing/role'
import { PANEL_SECTIONS, viewSections, type HelpSection } from './help-keys'
import './help.css'

const noop = () => {}
const NO_NAV: NavOperations = { next: noop, prev: noop, nextSlide: noop, prevSlide: noop, go: noop, goFirst: noop, goLast: noop, toggleDark: noop, toggleFullscreen: noop, toggleOverview: noop, toggleGoto: noop }

/** The keys this page's deck really has: the base list through the deck's setup (run once more, with inert operations). */
function currentSections(editor: boolean): HelpSection[] {
  const base = baseShortcuts(() => {})
  const { shortcuts } = resolveShortcuts(base, deckShortcutsSetup, NO_NAV)
  return viewSections(shortcuts, base, { editor })
}

export default function HelpDialog() {
  const [open, setOpen] = useAtom(helpOpenAtom)
  const config = useAtomValue(configAtom)
  const mode = useAtomValue(viewModeAtom)
  const drawing = useAtomValue(drawingControlsAtom)
  const ref = useRef<HTMLDivElement>(null)
  const close = useCallback(() => setOpen(false), [setOpen])
  useDialog(ref, open, close)
  const editor = import.meta.env.DEV && config.editor && mode === 'play'
  const sections = useMemo(() => (open ? [...currentSections(editor), ...PANEL_SECTIONS.filter((s) => s.id !== 'drawing' || drawing)] : []), [open, editor, drawing])
  if (!open) return null
  const t = labelsFor(config.htmlAttrs.lang)
  const h = t.help
  const heading = (id: HelpSection['id']) => (id === 'view' ? (mode === 'presenter' ? h.presenter : h.play) : h[id])
  return (
    <div className={`deck-help-backdrop ${mode === 'presenter' ? 'is-presenter' : ''}`} onClick={(e) => e.target === e.currentTarget && close()}>
      <div ref={ref} className="deck-help" role="dialog" aria-modal="true" aria-labelledby="deck-help-title" data-testid="help-dialog">
        <div className="deck-help-header">
          <h2 id="deck-help-title">{h.title}</h2>
          <button type="button" className="slidev-icon-btn" onClick={close} aria-label={t.close} title={`${t.close} (Esc)`}>
            {icons.close}
          </button>
        </div>
        <div className="deck-help-body" tabIndex={0} role="region" aria-label={h.title}>
          {sections.map((section) => (
            <section key={section.id} className="deck-help-section" data-section={section.id}>
              <h3 id={`deck-help-${section.id}`}>{heading(section.id)}</h3>
              <table aria-labelledby={`deck-help-${section.id}`}>
                <thead className="sr-only">
                  <tr>
                    <th scope="col">{h.keysHeader}</th>
                    <th scope="col">{h.actionHeader}</th>
                  </tr>
                </thead>
                <tbody>
                  {section.rows.map((row, i) => (
                    <tr key={i}>
                      <td className="deck-help-keys">{row.keys.length ? row.keys.map((key) => <kbd key={key}>{key}</kbd>) : <span className="deck-help-custom">{h.customKey}</span>}</td>
                      <td>{row.description ?? (row.action ? (h.actions[row.action] ?? row.action) : '')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          ))}
        </div>
      </div>
    </div>
  )
}
