import {
  Text,
  UNSTABLE_Toast as AriaToast,
  UNSTABLE_ToastContent as AriaToastContent,
  UNSTABLE_ToastRegion as AriaToastRegion,
} from 'react-aria-components'
import * as styles from './Toast.css'
import type { ToastContent, ToastQueue, ToastSeverity } from './toast-queue'
import { Button } from '../Button'
import { Icon, type IconName } from '../Icon'

const severityIcon: Record<ToastSeverity, IconName> = {
  info: 'info',
  success: 'checkCircle',
  warning: 'alert',
  error: 'alertCircle',
}

export interface ToastRegionProps {
  queue: ToastQueue
  /** Landmark name of the region. @default 'Notifications' (react-aria's) */
  'aria-label'?: string
  /** Accessible name of each toast's close button. @default 'Dismiss' */
  dismissLabel?: string
}

/** Renders the queue's toasts bottom-right; F6 moves focus into the region. Render it once per app. */
export function ToastRegion({ queue, dismissLabel = 'Dismiss', ...props }: ToastRegionProps) {
  return (
    <AriaToastRegion<ToastContent> {...props} queue={queue} className={styles.region}>
      {({ toast }) => {
        const { title, description, severity = 'info', dismissible = true, actions } = toast.content
        return (
          <AriaToast toast={toast} className={styles.toast({ severity })} data-severity={severity}>
            <Icon name={severityIcon[severity]} className={styles.icon({ severity })} />
            <AriaToastContent className={styles.content}>
              <Text slot="title" className={styles.title}>
                {title}
              </Text>
              {description && (
                <Text slot="description" className={styles.description}>
                  {description}
                </Text>
              )}
              {actions && actions.length > 0 && (
                <div className={styles.actions}>
                  {actions.map((action) => (
                    <Button
                      key={action.label}
                      intent="toolbarAction"
                      onPress={() => {
                        action.onPress()
                        queue.close(toast.key)
                      }}
                    >
                      {action.label}
                    </Button>
                  ))}
                </div>
              )}
            </AriaToastContent>
            {dismissible && (
              <Button
                slot="close"
                intent="iconGhost"
                aria-label={dismissLabel}
                className={styles.close}
              >
                <Icon name="close" size="sm" />
              </Button>
            )}
          </AriaToast>
        )
      }}
    </AriaToastRegion>
  )
}
