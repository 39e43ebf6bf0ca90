import { Icon } from '../../components/icons.tsx'

/** Up-down arrows for the flip button. Decorative: the button has a label. */
export const FlipIcon = () => <Icon size={18} d="M7 4v16M3 8l4-4 4 4M17 20V4M13 16l4 4 4-4" />
