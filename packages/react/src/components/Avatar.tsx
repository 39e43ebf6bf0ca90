/** A colour mark generated from the address (two hues from a string hash), or the profile image. */
export function Avatar({ address, image, size = 64 }: { address: string; image?: string | null; size?: number }) {
  const style = { width: size, height: size, borderRadius: '50%', flex: 'none', display: 'block' } as const
  if (image) return <img src={image} alt="" width={size} height={size} style={{ ...style, objectFit: 'cover' }} />
  return <span aria-hidden="true" style={{ ...style, background: avatarGradient(address) }} />
}

export function avatarGradient(address: string): string {
  let hash = 2166136261
  for (const char of address.toLowerCase()) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0
  const first = hash % 360
  const second = (first + 40 + ((hash >>> 9) % 200)) % 360
  return `radial-gradient(circle at 30% 25%, hsl(${first} 90% 72%), hsl(${second} 75% 45%) 75%)`
}
