// The colour scheme in effect: the deck's forced scheme, the viewer's stored choice, and the system's preference.
import { atom } from 'jotai'
import { configAtom } from './deck'
import { colorChoiceAtom, onRestorePreferences, preferencesDeferred } from './preferences'
import { deckStore } from './store'
import { isDarkScheme, toggleScheme, canToggleScheme } from '../logic/color-schema'

const systemQuery = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null
export const systemDarkAtom = atom(!preferencesDeferred && (systemQuery?.matches ?? false))
onRestorePreferences(() => deckStore.set(systemDarkAtom, systemQuery?.matches ?? false))
systemQuery?.addEventListener('change', (e) => deckStore.set(systemDarkAtom, e.matches))

export const isDarkAtom = atom((get) => isDarkScheme(get(configAtom).colorSchema, get(colorChoiceAtom), get(systemDarkAtom)))
export const canToggleDarkAtom = atom((get) => canToggleScheme(get(configAtom).colorSchema))

export const toggleDarkAtom = atom(null, (get, set) => {
  set(colorChoiceAtom, toggleScheme(get(configAtom).colorSchema, get(colorChoiceAtom), get(systemDarkAtom)))
})

/** Keeps `html.dark` and `color-scheme` in step with the scheme in effect. */
export function applyColorScheme(dark: boolean) {
  const html = document.documentElement
  html.classList.toggle('dark', dark)
  html.style.colorScheme = dark ? 'dark' : 'light'
}
