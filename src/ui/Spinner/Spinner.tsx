import * as styles from './Spinner.css'
import { VisuallyHidden } from '../VisuallyHidden'
import { cx } from '../private/cx'

export const spinnerSizes = ['sm', 'md', 'lg'] as const
export type SpinnerSize = (typeof spinnerSizes)[number]

export interface SpinnerProps {
  /** What is loading; announced politely, shown only with `showLabel`. @default 'Loading' */
  label?: string
  /** Show the label as text beside the spinner ('Loading logs...'). @default false */
  showLabel?: boolean
  /** @default 'md' */
  size?: SpinnerSize
  /** Hide from assistive tech, for a spinner inside something that already says it is busy. @default false */
  decorative?: boolean
  className?: string
}

function Arc({ size }: { size: SpinnerSize }) {
  return (
    <svg className={styles.svg({ size })} viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <circle
        className={styles.track}
        cx="12"
        cy="12"
        r="9"
        stroke="currentColor"
        strokeWidth="3"
      />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  )
}

/** An indeterminate busy indicator with a live status label. */
export function Spinner({
  label = 'Loading',
  showLabel = false,
  size = 'md',
  decorative = false,
  className,
}: SpinnerProps) {
  if (decorative) return <Arc size={size} />
  return (
    <span role="status" className={cx(styles.root, className)}>
      <Arc size={size} />
      {showLabel ? <span>{label}</span> : <VisuallyHidden>{label}</VisuallyHidden>}
    </span>
  )
}
