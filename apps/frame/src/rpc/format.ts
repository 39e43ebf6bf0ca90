import { type Hex, hexToString } from 'viem'

/** A personal_sign message as text when it is readable text, else its hex (control characters could hide content). */
export function safeText(hex: Hex): string {
  try {
    const text = hexToString(hex)
    return /[\u0000-\u0008\u000e-\u001f]/.test(text) ? hex : text
  } catch {
    return hex
  }
}

export function formatEther(wei: bigint): string {
  const whole = wei / 10n ** 18n
  const fraction = (wei % 10n ** 18n).toString().padStart(18, '0').replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : `${whole}`
}
