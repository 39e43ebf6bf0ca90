import type { LoginProvider } from '@foyer/core/internal'
import { type SimpleIcon, siApple, siDiscord, siFacebook, siFarcaster, siGithub, siGoogle, siX } from 'simple-icons'

/**
 * The providers' brand marks, from the `simple-icons` package (CC0-1.0; the marks are their owners' trademarks).
 * Imported one by one, so only these seven reach the social chunks.
 */
const marks: Record<LoginProvider, SimpleIcon> = {
  google: siGoogle,
  x: siX,
  discord: siDiscord,
  farcaster: siFarcaster,
  github: siGithub,
  apple: siApple,
  facebook: siFacebook,
}

/** Marks drawn in black by their brands follow the text colour, so they stay visible on a dark theme. */
const followsText = new Set(['000000', '181717'])

/** A provider's mark; decorative (the button around it carries the name). */
export function SocialMark({ provider, size = 24 }: { provider: string; size?: number }) {
  const icon = (marks as Record<string, SimpleIcon | undefined>)[provider]
  if (!icon) return <span className="fo-social-mark" style={{ width: size, height: size }} aria-hidden="true" />
  return (
    <svg
      className="fo-social-mark"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      data-provider={provider}
    >
      <path d={icon.path} fill={followsText.has(icon.hex) ? 'currentColor' : `#${icon.hex}`} />
    </svg>
  )
}
