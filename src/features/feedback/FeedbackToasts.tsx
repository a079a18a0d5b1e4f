import { ToastRegion } from '~/ui'
import { useAppServices } from '../shared/use-app-services'

/** The global toast region: shows the feedback store's toast queue. Render it once per app. */
export function FeedbackToasts() {
  const { feedback } = useAppServices()
  return <ToastRegion queue={feedback.toasts} />
}
