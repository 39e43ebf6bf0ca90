import { type ReactNode, useMemo } from 'react'
import { encode } from 'uqr'

/**
 * A QR code as one SVG path (dark modules), with a mark in the middle. Error correction "Q" keeps the code
 * readable under the mark, which covers under a fifth of it.
 */
export function QrCode({
  value,
  size = 264,
  label,
  mark,
  testId = 'wc-qr-code',
}: {
  value: string
  size?: number
  label: string
  mark?: ReactNode
  testId?: string
}) {
  const { path, modules } = useMemo(() => {
    const qr = encode(value, { ecc: 'Q', border: 0 })
    let d = ''
    qr.data.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`
      })
    })
    return { path: d, modules: qr.size }
  }, [value])
  return (
    <span className="fo-qr" data-testid={testId} data-uri-length={value.length}>
      <svg
        role="img"
        aria-label={label}
        width={size}
        height={size}
        viewBox={`0 0 ${modules} ${modules}`}
        shapeRendering="crispEdges"
      >
        <path d={path} fill="currentColor" />
      </svg>
      {mark && <span className="fo-qr-mark">{mark}</span>}
    </span>
  )
}
