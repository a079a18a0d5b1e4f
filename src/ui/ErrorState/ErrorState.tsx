import type { ReactNode } from 'react'
import * as styles from '../EmptyState/EmptyState.css'
import { Button } from '../Button'
import { Icon } from '../Icon'
import { cx } from '../private/cx'

export interface ErrorStateProps {
  /** @default 'Something went wrong' */
  title?: ReactNode
  /** What failed, in the user's words ('Error loading logs. You may need superuser permissions.'). */
  message?: ReactNode
  /** Shows a retry button when given. */
  onRetry?: () => void
  /** @default 'Try again' */
  retryLabel?: string
  /** Retry in progress: the button shows a spinner. @default false */
  isRetrying?: boolean
  /** Further buttons beside retry. */
  actions?: ReactNode
  /** @default 'md' */
  size?: 'sm' | 'md'
  className?: string
}

/** A failed load: announced as an alert, with an optional retry. */
export function ErrorState({
  title = 'Something went wrong',
  message,
  onRetry,
  retryLabel = 'Try again',
  isRetrying = false,
  actions,
  size = 'md',
  className,
}: ErrorStateProps) {
  return (
    <div role="alert" className={cx(styles.root({ size }), className)}>
      <span className={styles.icon({ tone: 'danger' })}>
        <Icon name="alertCircle" size="lg" />
      </span>
      <p className={styles.title}>{title}</p>
      {message && <p className={styles.description}>{message}</p>}
      {(onRetry || actions) && (
        <div className={styles.action}>
          {onRetry && (
            <Button intent="formSecondary" onPress={onRetry} isPending={isRetrying}>
              <Icon name="refresh" size="sm" />
              {retryLabel}
            </Button>
          )}
          {actions}
        </div>
      )}
    </div>
  )
}
