import { Icon, type IconProps } from './icons.tsx'

/** The icons of the account, receive and disconnect views (icons.tsx holds the shell's). */
export const ChevronIcon = (p: IconProps) => <Icon {...p} d="M9 5l7 7-7 7" />
export const CopyIcon = (p: IconProps) => <Icon {...p} d="M9 9h10v10H9zM5 15V5h10" />
export const ExternalIcon = (p: IconProps) => <Icon {...p} d="M14 4h6v6M20 4l-9 9M18 14v6H4V6h6" />
export const PowerIcon = (p: IconProps) => <Icon {...p} d="M12 3v8M6.3 7a8 8 0 1 0 11.4 0" />
