import type { ReactNode } from 'react'
import {
  Dialog as AriaDialog,
  Heading,
  Modal,
  ModalOverlay,
  type ModalOverlayProps,
} from 'react-aria-components'
import * as styles from './Dialog.css'
import { Button } from '../Button'
import { Icon } from '../Icon'

export const dialogSizes = ['sm', 'md', 'lg'] as const

export interface DialogProps extends Omit<ModalOverlayProps, 'children' | 'className'> {
  title: ReactNode
  /** Body; a function gets `close`. */
  children?: ReactNode | ((opts: { close: () => void }) => ReactNode)
  /** Buttons at the bottom; a function gets `close`. */
  footer?: ReactNode | ((opts: { close: () => void }) => ReactNode)
  /** @default 'md' */
  size?: (typeof dialogSizes)[number]
  /** 'alertdialog' for confirmations that interrupt. @default 'dialog' */
  role?: 'dialog' | 'alertdialog'
  /** Show an × button in the header. @default true */
  showClose?: boolean
  /** Accessible name of the × button. @default 'Close' */
  closeLabel?: string
}

/**
 * A centred modal dialog. Open it with a DialogTrigger (first child the trigger Button) or control
 * it with `isOpen` / `onOpenChange`. Focus is trapped and returns to the trigger on close.
 */
export function Dialog({
  title,
  children,
  footer,
  size = 'md',
  role = 'dialog',
  showClose = true,
  closeLabel = 'Close',
  isDismissable = true,
  ...props
}: DialogProps) {
  return (
    <ModalOverlay {...props} isDismissable={isDismissable} className={styles.overlay}>
      <Modal className={styles.modal({ size })}>
        <AriaDialog role={role} className={styles.dialog}>
          {({ close }) => (
            <>
              <div className={styles.header}>
                <Heading slot="title" className={styles.title}>
                  {title}
                </Heading>
                {showClose && (
                  <Button
                    intent="iconGhost"
                    size="icon"
                    aria-label={closeLabel}
                    onPress={close}
                    className={styles.close}
                  >
                    <Icon name="close" />
                  </Button>
                )}
              </div>
              {typeof children === 'function' ? children({ close }) : children}
              {footer && (
                <div className={styles.footer}>
                  {typeof footer === 'function' ? footer({ close }) : footer}
                </div>
              )}
            </>
          )}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  )
}

export { DialogTrigger } from 'react-aria-components'
