// Makes the deck's info text readable: a dialog with the info (compiled and sanitised at build time) and a credit line.
import { useCallback, useRef } from 'react'
import { useAtom, useAtomValue } from 'jotai'
import { configAtom, infoHtml } from '../../state/deck'
import { infoOpenAtom } from '../../state/ui'
import { useDeckNav } from '../../state/navigation'
import { useDialog } from '../../kit/useDialog'
import { labelsFor } from '../../kit/labels'
import { icons } from '../../kit/icons'
import './info.css'

export default function InfoDialog() {
  const [open, setOpen] = useAtom(infoOpenAtom)
  const config = useAtomValue(configAtom)
  const { go } = useDeckNav()
  const t = labelsFor(config.htmlAttrs.lang)
  const ref = useRef<HTMLDivElement>(null)
  const close = useCallback(() => setOpen(false), [setOpen])
  useDialog(ref, open, close)

  // A link to a slide (`[第 3 张](/3)` in the info) moves inside the deck instead of reloading the page.
  const onClick = (event: React.MouseEvent) => {
    const link = (event.target as HTMLElement).closest<HTMLAnchorElement>('a[data-slide]')
    if (!link || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return
    event.preventDefault()
    close()
    go({ no: Number(link.dataset.slide), clicks: 0 })
  }

  if (!open || !infoHtml) return null
  return (
    <div className="slidev-modal-backdrop" onClick={(e) => e.target === e.currentTarget && close()}>
      <div ref={ref} className="slidev-info" role="dialog" aria-modal="true" aria-labelledby="slidev-info-title" data-testid="info-dialog">
        <div className="slidev-info-header">
          <h2 id="slidev-info-title">{t.info}</h2>
          <button type="button" className="slidev-icon-btn" onClick={close} aria-label={t.close} title={`${t.close} (Esc)`}>
            {icons.close}
          </button>
        </div>
        <div className="slidev-info-body" onClick={onClick} dangerouslySetInnerHTML={{ __html: infoHtml }} />
        <p className="slidev-info-credit">{t.credit}</p>
      </div>
    </div>
  )
}
