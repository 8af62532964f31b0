// Makes the slide itself a control: a click on its right 40 % goes forward, elsewhere back; swipes move too.
import { useEffect, type RefObject } from 'react'
import { clickAreaAction, swipeAction, type NavAction } from '../../logic/input'

const INTERACTIVE = 'a, button, input, select, textarea, label, summary, iframe, [role="button"], [role="slider"], [contenteditable="true"], .deck-widget, [data-no-nav]'

export function usePointerNav(ref: RefObject<HTMLElement | null>, act: (action: NavAction) => void, enabled = true) {
  useEffect(() => {
    const el = ref.current
    if (!el || !enabled) return
    let start: { x: number; y: number; id: number } | null = null
    let swiped = false
    const onPointerDown = (e: PointerEvent) => {
      swiped = false
      if (e.pointerType === 'touch') start = { x: e.clientX, y: e.clientY, id: e.pointerId }
    }
    const onPointerUp = (e: PointerEvent) => {
      if (!start || start.id !== e.pointerId) return
      const rect = el.getBoundingClientRect()
      const action = swipeAction(e.clientX - start.x, e.clientY - start.y, rect.width, rect.height)
      start = null
      if (action) {
        swiped = true
        act(action)
      }
    }
    const onClick = (e: MouseEvent) => {
      if (swiped || e.button !== 0 || e.defaultPrevented) return
      const target = e.target as HTMLElement
      if (target.closest(INTERACTIVE)) return
      if (window.getSelection()?.toString()) return
      const rect = el.getBoundingClientRect()
      act(clickAreaAction(e.clientX - rect.left, rect.width))
    }
    // While a view transition runs, its pictures cover the page and clicks land on <html>: those over the slide count.
    const onPageClick = (e: MouseEvent) => {
      if (e.target !== document.documentElement) return
      const rect = el.getBoundingClientRect()
      if (e.clientX >= rect.left && e.clientX <= rect.right && e.clientY >= rect.top && e.clientY <= rect.bottom) onClick(e)
    }
    el.addEventListener('pointerdown', onPointerDown)
    el.addEventListener('pointerup', onPointerUp)
    el.addEventListener('click', onClick)
    document.addEventListener('click', onPageClick)
    return () => {
      el.removeEventListener('pointerdown', onPointerDown)
      el.removeEventListener('pointerup', onPointerUp)
      el.removeEventListener('click', onClick)
      document.removeEventListener('click', onPageClick)
    }
  }, [ref, act, enabled])
}
