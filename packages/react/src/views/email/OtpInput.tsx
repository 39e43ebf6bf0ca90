import { enEmail } from '@foyer/core'
import { type ClipboardEvent, type KeyboardEvent, useRef } from 'react'
import { useFoyerLocale } from '../../hooks/useFoyerLocale.ts'
import { useStyle } from '../../hooks/useStyle.ts'
import { otpCss } from './otpStyles.ts'

const LENGTH = 6

/** Six one-digit fields; typing or pasting moves along; `onComplete` runs as soon as all six are filled. */
export function OtpInput({ value, onChange, onComplete, disabled, labelledBy }: { value: string; onChange: (value: string) => void; onComplete: (code: string) => void; disabled?: boolean; labelledBy: string }) {
  useStyle('foyer-otp-style', otpCss)
  const { t } = useFoyerLocale(enEmail)
  const refs = useRef<(HTMLInputElement | null)[]>([])
  const digits = Array.from({ length: LENGTH }, (_, i) => value[i] ?? '')

  function set(next: string, focus: number) {
    const clean = next.replace(/\D/g, '').slice(0, LENGTH)
    onChange(clean)
    refs.current[Math.min(focus, LENGTH - 1)]?.focus()
    if (clean.length === LENGTH) onComplete(clean)
  }

  function onInput(index: number, typed: string) {
    const digit = typed.replace(/\D/g, '').slice(-1)
    if (!digit) return
    const chars = digits.slice()
    chars[index] = digit
    set(chars.join(''), index + 1)
  }

  function onKeyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Backspace') {
      event.preventDefault()
      const chars = digits.slice()
      const at = chars[index] ? index : Math.max(0, index - 1)
      chars.splice(at, 1)
      onChange(chars.join(''))
      refs.current[at]?.focus()
    } else if (event.key === 'ArrowLeft') refs.current[Math.max(0, index - 1)]?.focus()
    else if (event.key === 'ArrowRight') refs.current[Math.min(LENGTH - 1, index + 1)]?.focus()
  }

  function onPaste(event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault()
    set(event.clipboardData.getData('text'), LENGTH - 1)
  }

  return (
    <div className="fo-otp" role="group" aria-labelledby={labelledBy}>
      {digits.map((digit, index) => (
        <input
          key={index}
          ref={(element) => {
            refs.current[index] = element
          }}
          className="fo-input fo-otp-digit"
          type="text"
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          pattern="[0-9]*"
          maxLength={1}
          value={digit}
          disabled={disabled}
          aria-label={t('otp.digit', { n: String(index + 1) })}
          data-testid={`otp-input-${index}`}
          onChange={(e) => onInput(index, e.target.value)}
          onKeyDown={(e) => onKeyDown(index, e)}
          onPaste={onPaste}
          onFocus={(e) => e.target.select()}
        />
      ))}
    </div>
  )
}
