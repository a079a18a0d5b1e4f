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

/**
 * Link's look for a link the ui cannot render: the router's own `<Link to params search>`, which
 * keeps its typed routes (hover and keyboard focus work on a plain anchor too).
 */
export const linkClassName = (variant: LinkProps['variant'] = 'default') => styles.link({ variant })

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
