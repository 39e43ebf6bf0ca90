/**
 * The browser family of a User-Agent, as the analytics console groups visits: a handful of families, nothing finer
 * (no version, no device, no operating system), so the stored value cannot single out a visitor. A few ordered
 * regexes do this: every Chromium-based browser says `Chrome/` and every iOS browser says `Safari/`, so the ones that
 * add their own token are checked first. A full User-Agent parser would be a dependency to keep current for detail
 * this table never stores.
 */
export const BROWSER_FAMILIES = ['edge', 'opera', 'samsung', 'firefox', 'chrome', 'safari', 'other'] as const
export type BrowserFamily = (typeof BROWSER_FAMILIES)[number]

const RULES: readonly [BrowserFamily, RegExp][] = [
  ['edge', /\bEdg(?:e|A|iOS)?\//],
  ['opera', /\b(?:OPR|Opera|OPT)\//],
  ['samsung', /\bSamsungBrowser\//],
  ['firefox', /\b(?:Firefox|FxiOS)\//],
  ['chrome', /\b(?:Chrome|CriOS|Chromium)\//],
  ['safari', /\bVersion\/[\d.]+.*\bSafari\//],
]

/** `undefined` without a User-Agent; `other` for one that matches no family (a bot, a script, an unknown browser). */
export function browserFamily(userAgent: string | undefined): BrowserFamily | undefined {
  if (!userAgent) return undefined
  const text = userAgent.slice(0, 512)
  for (const [family, pattern] of RULES) if (pattern.test(text)) return family
  return 'other'
}
