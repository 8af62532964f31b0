// Which controls a deck allows: presenter mode, PDF download.
import type { DeckConfig } from '../../shared/config'

export function presenterAllowed(config: Pick<DeckConfig, 'presenter'>): boolean {
  return config.presenter === true || (config.presenter === 'dev' && import.meta.env.DEV) || (config.presenter === 'build' && !import.meta.env.DEV)
}

/** The PDF to download: the deck's own URL, or the one the build exported, or none when download is off. */
export function downloadUrl(config: Pick<DeckConfig, 'download' | 'exportFilename'>): string | null {
  if (config.download === false) return null
  if (typeof config.download === 'string' && config.download.trim()) return config.download
  return `${import.meta.env.BASE_URL}${config.exportFilename}.pdf`
}
