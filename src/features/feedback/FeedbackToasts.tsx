import { useEffect, useState } from 'react'
import { createToastQueue, ToastRegion, type ToastContent } from '../../ui'
import { useAppServices } from '../shared/use-app-services'
import { GLOBAL_SCOPE, type FeedbackMessage } from './feedback-store'

const toToast = (m: FeedbackMessage): ToastContent => ({
  title: m.title ?? m.message,
  description: m.title ? [m.message, m.detail].filter(Boolean).join(' — ') : m.detail,
  severity: m.severity,
  dismissible: m.dismissible,
  // The feedback store owns the timer (spec §9 times); the queue must not run a second one.
  timeoutMs: null,
  actions: m.actions?.map((a) => ({ label: a.label, onPress: a.click })),
})

/**
 * The global toast region, fed by the one feedback store: the store owns timers and dismissal,
 * the queue only mirrors its global messages.
 */
export function FeedbackToasts() {
  const { feedback } = useAppServices()
  const [queue] = useState(() => createToastQueue())
  useEffect(() => {
    const shown = new Map<string, string>()
    const sync = () => {
      const global = feedback.messages().filter((m) => m.scope === GLOBAL_SCOPE)
      for (const m of global) {
        if (!shown.has(m.id))
          shown.set(m.id, queue.add(toToast(m), { onClose: () => feedback.dismiss(m.id) }))
      }
      for (const [id, key] of shown) {
        if (!global.some((m) => m.id === id)) {
          shown.delete(id)
          queue.close(key)
        }
      }
    }
    sync()
    const unsubscribe = feedback.subscribe(sync)
    return () => void unsubscribe()
  }, [feedback, queue])
  return <ToastRegion queue={queue} />
}
