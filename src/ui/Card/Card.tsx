import { useId, type ReactNode } from 'react'
import * as styles from './Card.css'
import { cx } from '../private/cx'

export const cardElevations = ['flat', 'raised', 'floating'] as const

export interface CardProps {
  /** Heading; when given the card is a region named by it. */
  title?: ReactNode
  /** A line under the title. */
  description?: ReactNode
  /** Buttons or menus at the header's end. */
  actions?: ReactNode
  /** Content of a footer bar (usually buttons). */
  footer?: ReactNode
  /** @default 'raised' */
  elevation?: (typeof cardElevations)[number]
  /** Padding of the body; 'none' for tables and charts that run edge to edge, and when composing CardHeader/CardBody/CardFooter yourself. @default 'md' */
  padding?: 'none' | 'md'
  /** Heading level of `title`. @default 2 */
  headingLevel?: 2 | 3 | 4
  className?: string
  children?: ReactNode
}

/** A surface grouping related content; use the props, or compose CardHeader/CardBody/CardFooter inside `<Card padding="none">`. */
export function Card({
  title,
  description,
  actions,
  footer,
  elevation = 'raised',
  padding = 'md',
  headingLevel = 2,
  className,
  children,
}: CardProps) {
  const titleId = useId()
  if (title === undefined) {
    return (
      <div className={cx(styles.card({ elevation }), className)}>
        <CardBody padding={padding}>{children}</CardBody>
      </div>
    )
  }
  return (
    <section aria-labelledby={titleId} className={cx(styles.card({ elevation }), className)}>
      <CardHeader actions={actions}>
        <CardTitle id={titleId} level={headingLevel}>
          {title}
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardBody padding={padding}>{children}</CardBody>
      {footer && <CardFooter>{footer}</CardFooter>}
    </section>
  )
}

export function CardHeader({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <div className={styles.header}>
      <div className={styles.headerText}>{children}</div>
      {actions && <div className={styles.actions}>{actions}</div>}
    </div>
  )
}

export function CardTitle({
  children,
  level = 2,
  id,
}: {
  children: ReactNode
  level?: 2 | 3 | 4
  id?: string
}) {
  const H = `h${level}` as const
  return (
    <H id={id} className={styles.title}>
      {children}
    </H>
  )
}

export function CardDescription({ children }: { children: ReactNode }) {
  return <p className={styles.description}>{children}</p>
}

export function CardBody({
  children,
  padding = 'md',
}: {
  children?: ReactNode
  padding?: 'none' | 'md'
}) {
  return <div className={styles.body({ padding })}>{children}</div>
}

export function CardFooter({ children }: { children: ReactNode }) {
  return <div className={styles.footer}>{children}</div>
}
