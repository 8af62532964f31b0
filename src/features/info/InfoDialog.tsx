// Makes the deck's info text readable: a dialog with the info (compiled and sanitised at build time) and a credit line.
import { useCallback, useRef } from 'react'
import { useAtom, useAtomValue } from 'jotai'
import { infoHtml } from 'virtual:deck/slides'
import { configAtom } from '../../state/deck'
import { infoOpenAtom } from '../../state/ui'
import { useDialog } from '../dialog/useDialog'
import { labelsFor } from '../chrome/labels'

export default function InfoDialog() {
  const [open, setOpen] = useAtom(infoOpenAtom)
  const config = useAtomValue(configAtom)
  const t = labelsFor(config.htmlAttrs.lang)
  const ref = useRef<HTMLDivElement>(null)
  const close = useCallback(() => setOpen(false), [setOpen])
  useDialog(ref, open, close)
  if (!open || !infoHtml) return null
  return (
    <div className="slidev-modal-backdrop" onClick={(e) => e.target === e.currentTarget && close()}>
      <div ref={ref} className="slidev-info" role="dialog" aria-modal="true" aria-labelledby="slidev-info-title">
        <h2 id="slidev-info-title" className="sr-only">
          {t.info}
        </h2>
        <div className="slidev-info-body" dangerouslySetInnerHTML={{ __html: infoHtml }} />
        <p className="slidev-info-credit">
          {(config.htmlAttrs.lang ?? '').startsWith('zh') ? '本演示文稿由' : 'Made with'} <strong>Deck</strong>
          {(config.htmlAttrs.lang ?? '').startsWith('zh') ? '（React 版 Markdown 幻灯片引擎，兼容 Slidev 的 Markdown 写法）制作。' : ', a React Markdown slide engine speaking Slidev’s Markdown dialect.'}
        </p>
        <button type="button" className="slidev-dialog-close" onClick={close}>
          {t.close}
        </button>
      </div>
    </div>
  )
}
