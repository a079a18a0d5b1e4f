import {
  Link as AriaLink,
  composeRenderProps,
  type LinkProps as AriaLinkProps,
} from 'react-aria-components'
import * as styles from './Link.css'
import { buttonClassName, type ButtonStyleProps } from '../Button'
import { cx } from '../private/cx'

export const linkVariants = ['default', 'subtle', 'standalone'] as const

export interface LinkProps extends AriaLinkProps {
  /** 'default' underlined in text, 'subtle' inherits colour, 'standalone' for 'View all'. @default 'default' */
  variant?: (typeof linkVariants)[number]
}

/**
 * A link. `href` is a path; client-side navigation comes from react-aria's RouterProvider, which the
 * app sets up with the router's navigate (ui never imports the router).
 */
export function Link({ variant = 'default', className, ...props }: LinkProps) {
  return (
    <AriaLink
      {...props}
      className={composeRenderProps(className, (cls) => cx(styles.link({ variant }), cls))}
    />
  )
}

export interface LinkButtonProps extends AriaLinkProps, ButtonStyleProps {}

/** A link that looks like a button ('View all', 'Register device', the wizard's Exit). */
export function LinkButton({ intent, variant, size, className, ...props }: LinkButtonProps) {
  return (
    <AriaLink
      {...props}
      className={composeRenderProps(className, (cls) =>
        cx(buttonClassName({ intent, variant, size }), cls),
      )}
    />
  )
}
