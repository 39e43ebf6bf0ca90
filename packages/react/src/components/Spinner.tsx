/** A small spinning ring; its meaning is given by the text beside it. */
export function Spinner({ size = 18 }: { size?: number }) {
  return <span className="fo-spinner" style={{ width: size, height: size }} aria-hidden="true" />
}
