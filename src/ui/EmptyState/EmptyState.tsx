import type { ReactNode } from 'react'
import * as styles from './EmptyState.css'
import { Icon, type IconName } from '../Icon'
import { cx } from '../private/cx'

export interface EmptyStateProps {
  /** 'No notifications yet' */
  title: ReactNode
  /** What will appear here, or what to do next. */
  description?: ReactNode
  /** An icon name from the set, or any node. @default 'inbox' */
  icon?: IconName | ReactNode
  /** A button or link that gets the user going. */
  action?: ReactNode
  /** 'sm' for popovers and cards, 'md' for page sections. @default 'md' */
  size?: 'sm' | 'md'
  className?: string
}

/** What a list, table or panel shows when there is nothing in it. */
export function EmptyState({
  title,
  description,
  icon = 'inbox',
  action,
  size = 'md',
  className,
}: EmptyStateProps) {
  return (
    <div className={cx(styles.root({ size }), className)}>
      <span className={styles.icon()}>
        {typeof icon === 'string' ? <Icon name={icon as IconName} size="lg" /> : icon}
      </span>
      <p className={styles.title}>{title}</p>
      {description && <p className={styles.description}>{description}</p>}
      {action && <div className={styles.action}>{action}</div>}
    </div>
  )
}
