import type { ReactNode } from 'react'
import {
  Dialog as AriaDialog,
  OverlayArrow,
  Popover as AriaPopover,
  composeRenderProps,
  type PopoverProps as AriaPopoverProps,
} from 'react-aria-components'
import * as styles from './Popover.css'
import { cx } from '../private/cx'

export interface PopoverProps extends Omit<AriaPopoverProps, 'children'> {
  children?: ReactNode
  /** Draw an arrow pointing at the trigger. @default false */
  showArrow?: boolean
  /** Pad the content (off for lists that pad their own items). @default true */
  padded?: boolean
}

/** The floating surface under selects and menus. For free content use PopoverDialog. */
export function Popover({
  children,
  showArrow = false,
  padded = true,
  offset,
  className,
  ...props
}: PopoverProps) {
  return (
    <AriaPopover
      offset={offset ?? (showArrow ? 10 : 6)}
      {...props}
      className={composeRenderProps(className, (cls) =>
        cx(styles.popover, padded && styles.padded, cls),
      )}
    >
      {showArrow && (
        <OverlayArrow>
          <svg
            width={12}
            height={12}
            viewBox="0 0 12 12"
            aria-hidden="true"
            className={styles.arrow}
          >
            <path d="M0 0 L6 6 L12 0" />
          </svg>
        </OverlayArrow>
      )}
      {children}
    </AriaPopover>
  )
}

export interface PopoverDialogProps extends Omit<PopoverProps, 'children'> {
  /** Accessible name of the dialog, e.g. 'Notifications'. */
  'aria-label'?: string
  'aria-labelledby'?: string
  children: ReactNode | ((opts: { close: () => void }) => ReactNode)
}

/** A popover holding a non-modal dialog (the notification bell's panel); use inside a DialogTrigger. */
export function PopoverDialog({
  children,
  'aria-label': ariaLabel,
  'aria-labelledby': labelledBy,
  ...props
}: PopoverDialogProps) {
  return (
    <Popover {...props}>
      <AriaDialog aria-label={ariaLabel} aria-labelledby={labelledBy} className={styles.dialog}>
        {children}
      </AriaDialog>
    </Popover>
  )
}

export { DialogTrigger as PopoverTrigger } from 'react-aria-components'
