import type { ReactNode } from 'react'
import * as styles from './Dialog.css'
import { Dialog } from './Dialog'
import { Button } from '../Button'

export interface ConfirmDialogProps {
  isOpen?: boolean
  onOpenChange?: (isOpen: boolean) => void
  /** 'Delete device?' */
  title: ReactNode
  /** What will happen, and whether it can be undone. */
  message: ReactNode
  /** @default 'Delete' */
  confirmLabel?: string
  /** @default 'Cancel' */
  cancelLabel?: string
  /** A red confirm button. @default true */
  destructive?: boolean
  onConfirm: () => void
  onCancel?: () => void
  /** The action is running: confirm shows a spinner, nothing else can be pressed, Escape is ignored. @default false */
  isPending?: boolean
  /** Close as soon as confirm is pressed; set false to wait for the action and close it yourself. @default true */
  closeOnConfirm?: boolean
}

/** Asks before a destructive action (delete a device, a rule, a group). Rendered as an alertdialog. */
export function ConfirmDialog({
  title,
  message,
  confirmLabel = 'Delete',
  cancelLabel = 'Cancel',
  destructive = true,
  onConfirm,
  onCancel,
  isPending = false,
  closeOnConfirm = true,
  ...props
}: ConfirmDialogProps) {
  return (
    <Dialog
      {...props}
      size="sm"
      role="alertdialog"
      title={title}
      showClose={false}
      isDismissable={false}
      isKeyboardDismissDisabled={isPending}
      footer={({ close }) => (
        <>
          <Button
            intent="formSecondary"
            isDisabled={isPending}
            onPress={() => {
              onCancel?.()
              close()
            }}
          >
            {cancelLabel}
          </Button>
          <Button
            intent={destructive ? 'destructiveAction' : 'formPrimary'}
            isPending={isPending}
            onPress={() => {
              onConfirm()
              if (closeOnConfirm) close()
            }}
          >
            {confirmLabel}
          </Button>
        </>
      )}
    >
      <p className={styles.message}>{message}</p>
    </Dialog>
  )
}
