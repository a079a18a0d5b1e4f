import { useEffect, useRef, type ReactNode, type RefObject } from 'react'
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

const FIELDS = 'input:not([type=hidden]), textarea, select'

/**
 * A dialog with a form opens on its first field, ready to type; one without keeps react-aria's
 * focus on the dialog. Runs before react-aria's own focusing, which leaves focus inside alone.
 */
function FocusFirstField({ dialog }: { dialog: RefObject<HTMLElement | null> }) {
  useEffect(() => {
    const fields = dialog.current?.querySelectorAll<HTMLInputElement>(FIELDS) ?? []
    const first = [...fields].find(
      (el) => !el.disabled && !el.readOnly && el.tabIndex >= 0 && !el.closest('[aria-hidden]'),
    )
    first?.focus()
  }, [dialog])
  return null
}

/**
 * A centred modal dialog. Open it with a DialogTrigger (first child the trigger Button) or control
 * it with `isOpen` / `onOpenChange`. Focus starts on the first field, is trapped, and returns to the
 * trigger on close.
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
  const dialogRef = useRef<HTMLElement>(null)
  return (
    <ModalOverlay {...props} isDismissable={isDismissable} className={styles.overlay}>
      <Modal className={styles.modal({ size })}>
        <AriaDialog ref={dialogRef} role={role} className={styles.dialog}>
          {({ close }) => (
            <>
              <FocusFirstField dialog={dialogRef} />
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
