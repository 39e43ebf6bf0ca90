import { type Hex, hexToString } from 'viem'

/** A personal_sign message as text when it is readable text, else its hex (control characters could hide content). */
export function safeText(hex: Hex): string {
  try {
    const text = hexToString(hex)
    return hasHidingControlCharacter(text) ? hex : text
  } catch {
    return hex
  }
}

/** A C0 control character other than tab, line feed, vertical tab, form feed and carriage return (U+0009–U+000D). */
function hasHidingControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code <= 0x08 || (code >= 0x0e && code <= 0x1f)) return true
  }
  return false
}

export function formatEther(wei: bigint): string {
  const whole = wei / 10n ** 18n
  const fraction = (wei % 10n ** 18n).toString().padStart(18, '0').replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : `${whole}`
}
