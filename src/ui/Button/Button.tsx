import {
  Button as AriaButton,
  composeRenderProps,
  type ButtonProps as AriaButtonProps,
} from 'react-aria-components'
import * as styles from './Button.css'
import { Spinner } from '../Spinner'
import { useAnnouncementsLeaveWithButton } from '../private/announcements'
import { cx } from '../private/cx'

export const buttonVariants = [
  'default',
  'destructive',
  'outline',
  'secondary',
  'ghost',
  'link',
] as const
export const buttonSizes = ['default', 'sm', 'lg', 'icon'] as const
export const buttonIntents = [
  'default',
  'formPrimary',
  'formSecondary',
  'headerAction',
  'toolbarAction',
  'listItemAction',
  'iconGhost',
  'destructiveAction',
  'floatingAction',
] as const
export type ButtonVariant = (typeof buttonVariants)[number]
export type ButtonSize = (typeof buttonSizes)[number]
export type ButtonIntent = (typeof buttonIntents)[number]

/** What each intent means: a variant and size preset (spec §9). */
export const intentPresets: Record<ButtonIntent, { variant: ButtonVariant; size: ButtonSize }> = {
  default: { variant: 'default', size: 'default' },
  formPrimary: { variant: 'default', size: 'default' },
  formSecondary: { variant: 'outline', size: 'default' },
  headerAction: { variant: 'ghost', size: 'sm' },
  toolbarAction: { variant: 'outline', size: 'sm' },
  listItemAction: { variant: 'ghost', size: 'sm' },
  iconGhost: { variant: 'ghost', size: 'icon' },
  destructiveAction: { variant: 'destructive', size: 'default' },
  floatingAction: { variant: 'default', size: 'lg' },
}

export interface ButtonStyleProps {
  /** Where the button sits; picks a variant and size. Explicit `variant`/`size` win. @default 'default' */
  intent?: ButtonIntent
  /** @default the intent's variant */
  variant?: ButtonVariant
  /** @default the intent's size */
  size?: ButtonSize
}

export interface ButtonProps extends AriaButtonProps, ButtonStyleProps {
  /** Shows a spinner and disables the button while keeping its label as accessible name. @default false */
  isPending?: boolean
}

/** Class names for anything that should look like a button (used by LinkButton). */
export function buttonClassName({ intent = 'default', variant, size }: ButtonStyleProps) {
  const preset = intentPresets[intent]
  const tweak = styles.intentTweak[intent]
  const base = styles.button({ variant: variant ?? preset.variant, size: size ?? preset.size })
  return tweak ? `${base} ${tweak}` : base
}

/** A pressable button (react-aria) with the design system's variants, sizes and intents. */
export function Button({
  intent,
  variant,
  size,
  isPending = false,
  isDisabled,
  className,
  children,
  ...props
}: ButtonProps) {
  useAnnouncementsLeaveWithButton(isPending)
  return (
    <AriaButton
      {...props}
      isPending={isPending}
      isDisabled={isDisabled || isPending}
      className={composeRenderProps(className, (cls) =>
        cx(buttonClassName({ intent, variant, size }), cls),
      )}
    >
      {composeRenderProps(children, (content) =>
        // An icon button has no room for both: its aria-label keeps the name.
        isPending && (size ?? intentPresets[intent ?? 'default'].size) === 'icon' ? (
          <Spinner size="sm" decorative />
        ) : (
          <>
            {isPending && <Spinner size="sm" decorative />}
            {content}
          </>
        ),
      )}
    </AriaButton>
  )
}
