import { useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { useEffect, useMemo, useState } from 'react'
import { normalizeError, postFrontendLogs } from '~/api'
import { Button, Card, RefreshIcon } from '~/ui'
import { isDevelopmentLike } from '~/lib/environment'
import { useAppServices } from '../shared/use-app-services'
import { buildFailureReport, MAX_ERROR_RETRIES, type FailureReport } from './failure-report'
import * as styles from './shell.css'

export interface FailureViewProps {
  report: FailureReport
  retries: number
  showDetails: boolean
  onRetry: () => void
  /** Sends the report; rejects with what the person should read when it was not taken. */
  onReport: () => Promise<void>
  onReload: () => void
  /**
   * 'app' fills the window (a failure of the shell itself); 'page' stands in for one page inside the
   * layout, so navigation stays usable. @default 'app'
   */
  placement?: 'app' | 'page'
}

/** Spec §2 'Application failure screen'. */
export function FailureView({
  report,
  retries,
  showDetails,
  onRetry,
  onReport,
  onReload,
  placement = 'app',
}: FailureViewProps) {
  const [reported, setReported] = useState(false)
  const [reportFailure, setReportFailure] = useState<string>()
  const [sending, setSending] = useState(false)
  const sendReport = () => {
    setSending(true)
    setReportFailure(undefined)
    onReport()
      .then(() => setReported(true))
      .catch((error: unknown) => setReportFailure(normalizeError(error).message))
      .finally(() => setSending(false))
  }
  const exhausted = retries >= MAX_ERROR_RETRIES
  return (
    <div className={placement === 'app' ? styles.centered : styles.pageFailure} role="alert">
      <Card
        title="Something went wrong"
        description="An unexpected error occurred in the application."
      >
        <div className={styles.failureActions}>
          <Button intent="formPrimary" isDisabled={exhausted} onPress={onRetry}>
            <RefreshIcon size="sm" /> {exhausted ? 'Max retries reached' : 'Try Again'}
          </Button>
          <Button intent="formSecondary" isDisabled={reported || sending} onPress={sendReport}>
            Report Issue
          </Button>
          <Button variant="ghost" onPress={onReload}>
            Reload Page
          </Button>
        </div>
        {reported && <p role="status">Error has been reported. Thank you!</p>}
        {reportFailure && <p role="alert">The report was not sent: {reportFailure}</p>}
        {showDetails && (
          <pre className={styles.failureDetails} aria-label="Error details">
            {`${report.name}: ${report.message}\nError ID: ${report.id}\n${report.componentStack}`}
          </pre>
        )}
      </Card>
    </div>
  )
}

// Retries survive the boundary remounting after each reset; each page counts its own.
const retriesByPath = new Map<string, number>()

function Failure({ error, info, reset, placement }: ErrorComponentProps & FailurePlacement) {
  const { logs } = useAppServices()
  const router = useRouter()
  const path = location.pathname
  const report = useMemo(
    () =>
      buildFailureReport(error, info?.componentStack, {
        url: location.href,
        userAgent: navigator.userAgent,
      }),
    [error, info],
  )
  useEffect(() => logs.child('app').error('Application failure', { ...report }), [logs, report])
  return (
    <FailureView
      report={report}
      placement={placement}
      retries={retriesByPath.get(path) ?? 0}
      showDetails={isDevelopmentLike}
      onRetry={() => {
        retriesByPath.set(path, (retriesByPath.get(path) ?? 0) + 1)
        reset()
        // A loader's failure is only retried by loading again.
        void router.invalidate()
      }}
      onReport={async () => {
        const entry = {
          timestamp: new Date().toISOString(),
          level: 'ERROR' as const,
          logger: 'app',
          message: report.message,
          context: { ...report },
        }
        // Refused (429 when the session has sent too much) or unreachable: the person is told.
        const { error } = await postFrontendLogs({ body: { entries: [entry] } })
        if (error) throw error
      }}
      onReload={() => location.reload()}
    />
  )
}

interface FailurePlacement {
  placement: 'app' | 'page'
}

/** The root's boundary: what is left when the shell itself fails. */
export const FailureScreen = (props: ErrorComponentProps) => <Failure {...props} placement="app" />

/** Every route's boundary (the router's default): one page fails, the shell around it stays. */
export const PageFailure = (props: ErrorComponentProps) => <Failure {...props} placement="page" />
