// Numbers as the deck writes them: taels with at most one decimal, percentages, ratios with two decimals.

export const formatTaels = (value: number): string => `${Math.round(value * 10) / 10} 两`
export const formatPercent = (fraction: number): string => `${Math.round(fraction * 1000) / 10}%`
export const formatRatio = (value: number): string => (Math.round(value * 100) / 100).toString()
