import * as styles from './Skeleton.css'
import { Box } from '../Box'
import { Spinner } from '../Spinner'
import { cx } from '../private/cx'

export const skeletonShapes = ['text', 'rect', 'circle'] as const

export interface SkeletonProps {
  /** @default 'text' */
  shape?: (typeof skeletonShapes)[number]
  /** CSS width. @default '100%' */
  width?: string
  /** CSS height; text skeletons have a line height already. */
  height?: string
  className?: string
}

/** A placeholder block shown while content loads; hidden from assistive tech (announce loading elsewhere). */
export function Skeleton({ shape = 'text', width = '100%', height, className }: SkeletonProps) {
  return (
    <span
      aria-hidden="true"
      className={cx(styles.skeleton({ shape }), className)}
      style={{ width, height: height ?? (shape === 'circle' ? width : undefined) }}
    />
  )
}

/** A paragraph of text placeholders, the last line shorter. */
export function SkeletonText({ lines = 3 }: { /** @default 3 */ lines?: number }) {
  return (
    <span className={styles.lines} aria-hidden="true">
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton key={i} width={i === lines - 1 && lines > 1 ? '60%' : '100%'} />
      ))}
    </span>
  )
}

export interface SkeletonRowsProps {
  /** What is loading, for screen readers: 'Loading users'. */
  label: string
  /** @default 3 */
  rows?: number
  /** Padding around the rows, as inside a card without its own. @default true */
  padded?: boolean
}

/** Row placeholders while a list loads (a table in a card, a dialog's list). */
export function SkeletonRows({ label, rows = 3, padded = true }: SkeletonRowsProps) {
  return (
    <Box
      display="grid"
      gap="md"
      padding={padded ? 'lg' : undefined}
      role="status"
      aria-label={label}
    >
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} shape="rect" height="2.5rem" />
      ))}
    </Box>
  )
}

export interface FullPageSkeletonProps {
  /** @default 'Verifying your session...' */
  title?: string
  /** @default 'This will only take a moment' */
  message?: string
}

/** The whole-screen placeholder while the session is checked (spec §2). */
export function FullPageSkeleton({
  title = 'Verifying your session...',
  message = 'This will only take a moment',
}: FullPageSkeletonProps) {
  return (
    <div className={styles.page}>
      <div className={styles.pageBar} aria-hidden="true">
        <Skeleton shape="rect" width="7rem" height="1.5rem" />
        <span className={styles.spacer} />
        <Skeleton shape="circle" width="2rem" />
      </div>
      <main className={styles.pageMain}>
        <Spinner size="lg" decorative />
        <div role="status">
          <p className={styles.pageTitle}>{title}</p>
          <p className={styles.pageMessage}>{message}</p>
        </div>
        <div className={styles.pageCards} aria-hidden="true">
          <Skeleton shape="rect" height="4rem" />
          <SkeletonText lines={3} />
        </div>
      </main>
    </div>
  )
}
