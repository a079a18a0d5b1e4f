import * as styles from './Avatar.css'
import { cx } from '../private/cx'

export const avatarSizes = ['sm', 'md', 'lg'] as const

/**
 * Initials from a full name ('Ada Lovelace' -> 'AL', 'Cher' -> 'C'), else from the e-mail's local
 * part ('grace.hopper@x.io' -> 'GH', 'admin@x.io' -> 'A'), else '?'.
 */
export function getInitials(name?: string | null, email?: string | null): string {
  const words = name?.trim().split(/\s+/).filter(Boolean) ?? []
  if (words.length > 0)
    return (words[0]![0]! + (words.length > 1 ? words.at(-1)![0]! : '')).toUpperCase()
  const parts =
    email
      ?.split('@')[0]
      ?.split(/[._+-]+/)
      .filter(Boolean) ?? []
  if (parts.length > 0)
    return (parts[0]![0]! + (parts.length > 1 ? parts[1]![0]! : '')).toUpperCase()
  return '?'
}

export interface AvatarProps {
  /** Full name; may be missing ('Unknown User'). */
  name?: string | null
  /** Used for initials when there is no name. */
  email?: string | null
  /** @default 'md' */
  size?: (typeof avatarSizes)[number]
  /** Hide from assistive tech when the name is written next to it. @default false */
  decorative?: boolean
  className?: string
}

/** A round badge with the user's initials. */
export function Avatar({ name, email, size = 'md', decorative = false, className }: AvatarProps) {
  const a11y = decorative
    ? { 'aria-hidden': true as const }
    : { role: 'img', 'aria-label': name || email || 'Unknown User' }
  return (
    <span {...a11y} className={cx(styles.avatar({ size }), className)}>
      {getInitials(name, email)}
    </span>
  )
}
