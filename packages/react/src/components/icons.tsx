/**
 * Foyer's own few icons: 24×24 strokes that take the text colour. Decorative: names come from the labels. The
 * icons only later views use are in accountIcons.tsx, so they stay out of the modal shell's chunk.
 */
export type IconProps = { size?: number }

export function Icon({ size = 20, d }: IconProps & { d: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={d} />
    </svg>
  )
}

export const CloseIcon = (p: IconProps) => <Icon {...p} d="M6 6l12 12M18 6L6 18" />
export const BackIcon = (p: IconProps) => <Icon {...p} d="M15 5l-7 7 7 7" />
export const CheckIcon = (p: IconProps) => <Icon {...p} d="M5 12.5l4.5 4.5L19 7.5" />
export const AlertIcon = (p: IconProps) => <Icon {...p} d="M12 8v5M12 16.5v.5M12 3l10 18H2z" />
export const WalletGlyph = (p: IconProps) => (
  <Icon {...p} d="M3 7h16a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2zM3 7l12-4v4M16 13.5h.5" />
)
