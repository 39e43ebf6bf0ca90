import { createHash } from 'node:crypto'

/**
 * A generated mark for things that have no icon of their own: the name's initials on a colour derived from the
 * id, as a small SVG. Deterministic, so its ETag never changes for the same id and name.
 */
export function generatedMarkSvg(id: string, label: string): string {
  const digest = createHash('sha256').update(id).digest()
  const hue = ((digest[0]! << 8) | digest[1]!) % 360
  const hue2 = (hue + 40 + (digest[2]! % 60)) % 360
  const words = label
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .replace(/[^\p{L}\p{N} ]+/gu, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
  const initials = (words.length > 1 ? words[0]![0]! + words[1]![0]! : (words[0] ?? '?').slice(0, 2)).toUpperCase()
  const text = initials.replace(/[&<>"']/g, '')
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 62% 52%)"/>` +
    `<stop offset="1" stop-color="hsl(${hue2} 62% 38%)"/></linearGradient></defs>` +
    `<rect width="96" height="96" rx="22" fill="url(#g)"/>` +
    `<text x="48" y="60" text-anchor="middle" font-family="system-ui,sans-serif" font-size="36" font-weight="700" fill="#fff">${text}</text>` +
    `</svg>`
  )
}

export function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`
}
