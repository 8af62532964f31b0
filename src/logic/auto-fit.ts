// <AutoFitText>'s rule: the font size that makes a line fill its box.

/** The font size that makes text `innerWidth` wide at `current` px fill `boxWidth`, kept between min and max. */
export function fittedSize(current: number, boxWidth: number, innerWidth: number, min: number, max: number): number {
  if (boxWidth <= 0 || innerWidth <= 0) return current
  return Math.max(min, Math.min(max, (current * boxWidth) / innerWidth))
}
