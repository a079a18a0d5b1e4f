import type { ErrorComponentProps } from '@tanstack/react-router'
import { useEffect, useMemo, useState } from 'react'
import { postFrontendLogs } from '../../api'
import { Button, Card, RefreshIcon } from '../../ui'
import { isDevelopmentLike } from '../../lib/environment'
import { useAppServices } from './use-app-services'
import { buildFailureReport, MAX_ERROR_RETRIES, type FailureReport } from './failure-report'
import * as styles from './shell.css'

export interface FailureViewProps {
  report: FailureReport
  retries: number
  showDetails: boolean
  onRetry: () => void
  onReport: () => Promise<void>
  onReload: () => void
}

/** Spec §2 'Application failure screen'. */
export function FailureView({
  report,
  retries,
  showDetails,
  onRetry,
  onReport,
  onReload,
}: FailureViewProps) {
  const [reported, setReported] = useState(false)
  const exhausted = retries >= MAX_ERROR_RETRIES
  return (
    <div className={styles.centered} role="alert">
      <Card
        title="Something went wrong"
        description="An unexpected error occurred in the application."
      >
        <div className={styles.failureActions}>
          <Button intent="formPrimary" isDisabled={exhausted} onPress={onRetry}>
            <RefreshIcon size="sm" /> {exhausted ? 'Max retries reached' : 'Try Again'}
          </Button>
          <Button
            intent="formSecondary"
            isDisabled={reported}
            onPress={() => void onReport().finally(() => setReported(true))}
          >
            Report Issue
          </Button>
          <Button variant="ghost" onPress={onReload}>
            Reload Page
          </Button>
        </div>
        {reported && <p role="status">Error has been reported. Thank you!</p>}
        {showDetails && (
          <pre className={styles.failureDetails} aria-label="Error details">
            {`${report.name}: ${report.message}\nError ID: ${report.id}\n${report.componentStack}`}
          </pre>
        )}
      </Card>
    </div>
  )
}

// Retries survive the boundary remounting after each reset.
let retryCount = 0

export function FailureScreen({ error, info, reset }: ErrorComponentProps) {
  const { logs } = useAppServices()
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
      retries={retryCount}
      showDetails={isDevelopmentLike}
      onRetry={() => {
        retryCount += 1
        reset()
      }}
      onReport={async () => {
        const entry = {
          timestamp: new Date().toISOString(),
          level: 'ERROR' as const,
          logger: 'app',
          message: report.message,
          context: { ...report },
        }
        await postFrontendLogs({ body: { entries: [entry] } }).catch(() => undefined)
      }}
      onReload={() => location.reload()}
    />
  )
}
