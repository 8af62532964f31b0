// The layout registry: built-in layouts, each overridable by a file of the same name in the theme's layouts/ folder.
import type { ComponentType } from 'react'
import { layouts as themeLayouts } from 'virtual:deck/theme'
import Default from './Default'
import Center from './Center'
import Cover from './Cover'
import TwoColsHeader from './TwoColsHeader'
import IframeRight from './IframeRight'
import IframeLeft from './IframeLeft'
import Iframe from './Iframe'
import TwoCols from './TwoCols'
import Intro from './Intro'
import Section from './Section'
import End from './End'
import Statement from './Statement'
import Fact from './Fact'
import Quote from './Quote'
import Full from './Full'
import None from './None'
import Image from './Image'
import ImageLeft from './ImageLeft'
import ImageRight from './ImageRight'
import type { LayoutProps } from './types'

const builtIn: Record<string, ComponentType<LayoutProps>> = {
  default: Default,
  center: Center,
  cover: Cover,
  'two-cols-header': TwoColsHeader,
  'iframe-right': IframeRight,
  'iframe-left': IframeLeft,
  iframe: Iframe,
  'two-cols': TwoCols,
  intro: Intro,
  section: Section,
  end: End,
  statement: Statement,
  fact: Fact,
  quote: Quote,
  full: Full,
  none: None,
  image: Image,
  'image-left': ImageLeft,
  'image-right': ImageRight,
}

export const layouts: Record<string, ComponentType<LayoutProps>> = { ...builtIn, ...themeLayouts }

const warned = new Set<string>()

/** The layout component for a name; an unknown name falls back to default, with one console warning. */
export function resolveLayout(name: string): ComponentType<LayoutProps> {
  const layout = layouts[name]
  if (layout) return layout
  if (!warned.has(name)) {
    warned.add(name)
    console.warn(`[deck] unknown layout "${name}", using "default". Known layouts: ${Object.keys(layouts).join(', ')}`)
  }
  return layouts.default ?? Default
}
