// Slidev's <LightOrDark>: its #dark slot in dark mode, its #light slot otherwise.
import type { ReactNode } from 'react'
import { useAtomValue } from 'jotai'
import { isDarkAtom } from '../../state/color-scheme'

export interface LightOrDarkProps {
  dark?: ReactNode
  light?: ReactNode
}

export default function LightOrDark({ dark, light }: LightOrDarkProps) {
  return <>{useAtomValue(isDarkAtom) ? (dark ?? null) : (light ?? null)}</>
}
