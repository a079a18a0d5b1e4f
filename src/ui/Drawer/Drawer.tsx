import type { ReactNode } from 'react'
import {
  Dialog as AriaDialog,
  Heading,
  Modal,
  ModalOverlay,
  type ModalOverlayProps,
} from 'react-aria-components'
import * as styles from './Drawer.css'
import { Button } from '../Button'
import { Icon } from '../Icon'

export interface DrawerProps extends Omit<
  ModalOverlayProps,
  'children' | 'className' | 'isDismissable'
> {
  /** Heading at the top, also the dialog's name (a logo element works too, with `aria-label`). */
  title: ReactNode
  /** Dialog name when `title` is not text. */
  'aria-label'?: string
  /** Accessible name of the close button. @default 'Close navigation' */
  closeLabel?: string
  /** The drawer's content; a function gets `close` (close on choosing a navigation item). */
  children: ReactNode | ((opts: { close: () => void }) => ReactNode)
}

/**
 * A modal panel sliding in from the left (the mobile navigation of spec §2): 18rem wide, at most
 * 80% of the screen, closes on backdrop click, Escape and its close button.
 */
export function Drawer({
  title,
  'aria-label': ariaLabel,
  closeLabel = 'Close navigation',
  children,
  ...props
}: DrawerProps) {
  return (
    <ModalOverlay {...props} isDismissable className={styles.overlay}>
      <Modal className={styles.panel}>
        <AriaDialog aria-label={ariaLabel} className={styles.dialog}>
          {({ close }) => (
            <>
              <div className={styles.header}>
                <Heading slot="title" className={styles.title}>
                  {title}
                </Heading>
                <Button intent="iconGhost" size="icon" aria-label={closeLabel} onPress={close}>
                  <Icon name="close" />
                </Button>
              </div>
              <div className={styles.body}>
                {typeof children === 'function' ? children({ close }) : children}
              </div>
            </>
          )}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  )
}

export { DialogTrigger as DrawerTrigger } from 'react-aria-components'
