import type { ReactNode } from 'react'
import * as styles from './Badge.css'
import { VisuallyHidden } from '../VisuallyHidden'
import { cx } from '../private/cx'

/** The five of spec §9 first, then status tones. */
export const badgeVariants = [
  'default',
  'secondary',
  'destructive',
  'outline',
  'brand',
  'info',
  'success',
  'warning',
] as const
export type BadgeVariant = (typeof badgeVariants)[number]
export const badgeSizes = ['sm', 'md'] as const

export interface BadgeProps {
  children: ReactNode
  /** @default 'default' */
  variant?: BadgeVariant
  /** @default 'md' */
  size?: (typeof badgeSizes)[number]
  className?: string
}

/** A short label: a status, a role, the environment. */
export function Badge({ children, variant = 'default', size = 'md', className }: BadgeProps) {
  return <span className={cx(styles.badge({ variant, size }), className)}>{children}</span>
}

export interface CountBadgeProps {
  count: number
  /** Above this the badge reads `${max}+`. @default 9 */
  max?: number
  /** Words after the number for screen readers ('unread' gives '12 unread'). */
  label?: string
  /** @default 'danger' */
  tone?: 'danger' | 'brand'
  className?: string
}

/** A small counter, capped at '9+' and rendering nothing at 0 (the bell's unread count). */
export function CountBadge({ count, max = 9, label, tone = 'danger', className }: CountBadgeProps) {
  if (count <= 0) return null
  return (
    <span className={cx(styles.count({ tone }), className)}>
      <span aria-hidden="true">{count > max ? `${max}+` : count}</span>
      <VisuallyHidden>{label ? `${count} ${label}` : String(count)}</VisuallyHidden>
    </span>
  )
}

export const logLevels = ['DEBUG', 'INFO', 'WARN', 'ERROR'] as const
export type LogLevel = (typeof logLevels)[number]
const levelVariant: Record<LogLevel, BadgeVariant> = {
  DEBUG: 'secondary',
  INFO: 'info',
  WARN: 'warning',
  ERROR: 'destructive',
}

export interface LevelBadgeProps {
  /** A log level; case-insensitive, WARNING reads as WARN, unknown levels are grey. */
  level: string
  className?: string
}

/** A coloured log-level badge for the log viewer. */
export function LevelBadge({ level, className }: LevelBadgeProps) {
  const upper = level.toUpperCase()
  const key = (upper === 'WARNING' ? 'WARN' : upper) as LogLevel
  return (
    <span
      className={cx(
        styles.badge({ variant: levelVariant[key] ?? 'secondary', size: 'sm', mono: true }),
        className,
      )}
    >
      {key}
    </span>
  )
}
