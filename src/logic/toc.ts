// The table of contents as Slidev builds it: slides with a title nest under the one before by their level,
// `hideInToc` slides leave it, and the current slide and its parents are marked.

/** What the table of contents needs of a slide. */
export interface TocSlide {
  no: number
  title?: string | null
  /** The title's level (`#` = 1); unset nests the slide at the depth it arrives at. */
  level?: number | null
  frontmatter: Record<string, unknown>
}

export interface TocItem {
  no: number
  title: string
  /** The depth in the tree (1 at the top). */
  level: number
  titleLevel: number
  hideInToc: boolean
  /** The slide shown is this one. */
  active: boolean
  /** The slide shown is below this one. */
  activeParent: boolean
  /** This one is below the slide shown. */
  hasActiveParent: boolean
  children: TocItem[]
}

export type TocMode = 'all' | 'onlyCurrentTree' | 'onlySiblings'

export interface TocOptions {
  minDepth?: number
  maxDepth?: number
  mode?: TocMode
}

function addToTree(tree: TocItem[], slide: TocSlide, level: number): void {
  const titleLevel = slide.level ?? level
  const last = tree[tree.length - 1]
  if (titleLevel > level && last) return addToTree(last.children, slide, level + 1)
  tree.push({
    no: slide.no,
    title: slide.title ?? '',
    level,
    titleLevel,
    hideInToc: Boolean(slide.frontmatter.hideInToc),
    active: false,
    activeParent: false,
    hasActiveParent: false,
    children: [],
  })
}

/** Marks `current` and the items above and below it; returns whether the tree holds it. */
function markActive(tree: TocItem[], current: number, hasActiveParent: boolean): boolean {
  let holds = false
  for (const item of tree) {
    item.active = item.no === current
    item.hasActiveParent = hasActiveParent
    item.activeParent = markActive(item.children, current, item.active || hasActiveParent)
    holds ||= item.active || item.activeParent
  }
  return holds
}

const withoutHidden = (tree: TocItem[]): TocItem[] => tree.filter((item) => !item.hideInToc).map((item) => ({ ...item, children: withoutHidden(item.children) }))

/** The whole tree of titled slides, `current` marked, hidden entries (and what nests under them) left out. */
export function tocTree(slides: readonly TocSlide[], current: number): TocItem[] {
  const tree: TocItem[] = []
  for (const slide of slides) if (slide.title) addToTree(tree, slide, 1)
  markActive(tree, current, false)
  return withoutHidden(tree)
}

/** Depths outside min…max left out; above minDepth only the branch of the slide shown is followed (as Slidev). */
function filterDepth(tree: TocItem[], minDepth: number, maxDepth: number, level = 1): TocItem[] {
  if (level > maxDepth) return []
  if (level < minDepth) {
    const branch = tree.find((item) => item.active || item.activeParent)
    return branch ? filterDepth(branch.children, minDepth, maxDepth, level + 1) : []
  }
  return tree.map((item) => ({ ...item, children: filterDepth(item.children, minDepth, maxDepth, level + 1) }))
}

const onlyCurrentTree = (tree: TocItem[]): TocItem[] =>
  tree.filter((item) => item.active || item.activeParent || item.hasActiveParent).map((item) => ({ ...item, children: onlyCurrentTree(item.children) }))

function onlySiblings(tree: TocItem[]): TocItem[] {
  const holdsCurrent = tree.some((item) => item.active || item.activeParent || item.hasActiveParent)
  return holdsCurrent ? tree.map((item) => ({ ...item, children: onlySiblings(item.children) })) : []
}

/** The entries `<Toc>` shows, with Slidev's props: minDepth, maxDepth (1-based, inclusive) and mode. */
export function tocEntries(slides: readonly TocSlide[], current: number, { minDepth = 1, maxDepth = Infinity, mode = 'all' }: TocOptions = {}): TocItem[] {
  const tree = filterDepth(tocTree(slides, current), minDepth, maxDepth)
  if (mode === 'onlyCurrentTree') return onlyCurrentTree(tree)
  if (mode === 'onlySiblings') return onlySiblings(tree)
  return tree
}
