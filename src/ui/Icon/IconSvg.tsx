import type { ReactNode } from 'react'
import * as styles from './Icon.css'
import { cx } from '../private/cx'

export const iconSizes = ['xs', 'sm', 'md', 'lg', 'xl'] as const
export type IconSize = (typeof iconSizes)[number]

export interface IconSvgProps {
  /** xs 14px, sm 16px, md 20px, lg 24px, xl 40px. @default 'md' */
  size?: IconSize
  /** Gives the icon a name (role img); without it the icon is decorative and hidden from assistive tech. */
  label?: string
  className?: string
}

/** The frame every icon draws in: an inline SVG that takes the text colour (`currentColor`). */
export function IconSvg({
  size = 'md',
  label,
  className,
  children,
}: IconSvgProps & { children: ReactNode }) {
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true as const }
  return (
    <svg
      viewBox="0 0 24 24"
      focusable="false"
      className={cx(styles.icon({ size }), className)}
      {...a11y}
    >
      {children}
    </svg>
  )
}

/** A component that always draws `drawing` (`BoltIcon`); see `named-icons.ts`. */
export function namedIcon(displayName: string, drawing: ReactNode) {
  const NamedIcon = (props: IconSvgProps) => <IconSvg {...props}>{drawing}</IconSvg>
  NamedIcon.displayName = displayName
  return NamedIcon
}
