// Which frontmatter values are pictures a layout shows: the build resolves and bundles them, the layouts draw them.

/** Frontmatter keys a built-in layout shows as an image: cover's (and intro's, section's) `background:`, image layouts' `image:`. */
export const LAYOUT_IMAGE_KEYS = ['background', 'image'] as const

/** A value that names an image (a path, a URL, a data URI, or a file name with an image extension) rather than a colour. */
export function isImageValue(value: string): boolean {
  return /^(\/|\.\.?\/|data:|blob:|https?:)/i.test(value.trim()) || /\.(svg|png|jpe?g|webp|avif|gif|bmp|ico)([?#].*)?$/i.test(value.trim())
}
