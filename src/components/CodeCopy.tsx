// Makes a code block copyable: a small button (when the deck's `codeCopy` is on) that puts the code on the clipboard.
import { useEffect, useState } from 'react'
import { useAtomValue } from 'jotai'
import { configAtom } from '../state/deck'
import { labelsFor } from '../kit/labels'
import { icons } from '../kit/icons'
import './CodeCopy.css'

/** Copies text: the Clipboard API where allowed, else a hidden textarea (plain http, older browsers). */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    const area = document.createElement('textarea')
    area.value = text
    area.setAttribute('readonly', '')
    area.style.cssText = 'position:fixed;left:-9999px;top:0;opacity:0'
    document.body.appendChild(area)
    area.select()
    try {
      return document.execCommand('copy')
    } catch {
      return false
    } finally {
      area.remove()
    }
  }
}

export default function CodeCopy({ code }: { code: string }) {
  const t = labelsFor(useAtomValue(configAtom).htmlAttrs.lang).rich
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle')
  useEffect(() => {
    if (state === 'idle') return
    const timer = setTimeout(() => setState('idle'), 1500)
    return () => clearTimeout(timer)
  }, [state])
  const label = state === 'copied' ? t.codeCopied : state === 'failed' ? t.copyFailed : t.copyCode
  return (
    <button
      type="button"
      className={`deck-code-copy is-${state}`}
      aria-label={label}
      title={label}
      onClick={async (event) => {
        // The slide's click-to-advance must not see this click.
        event.stopPropagation()
        setState((await copyText(code)) ? 'copied' : 'failed')
      }}
    >
      {/* Drawn, not a character: ⧉ is in none of the deck's faces, and the fallback showed a blank box. */}
      {state === 'copied' ? icons.copied : state === 'failed' ? icons.failed : icons.copy}
      <span className="sr-only" aria-live="polite">{state === 'idle' ? '' : label}</span>
    </button>
  )
}
