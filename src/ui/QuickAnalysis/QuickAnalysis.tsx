import type { ReactNode } from 'react'
import { Card } from '../Card'
import { Icon, type IconName } from '../Icon'
import type { ProfileData } from '../ProfileCard'
import { VisuallyHidden } from '../VisuallyHidden'
import * as styles from './QuickAnalysis.css'
import { formatNumber } from '~/lib/format'

export interface QuickAnalysisProps {
  profile: ProfileData
  /** @default 'Quick Analysis' */
  title?: string
  /** @default 2 */
  headingLevel?: 2 | 3 | 4
  className?: string
}

export interface QuickAnalysisFigures {
  steps: number
  /** null without steps. */
  slowest: { name: string; ms: number } | null
  /** total_duration_ms / steps; null without steps. */
  averageMs: number | null
  queries: number
}

/** Spec §2: number of steps, slowest step, average = total duration / steps, total DB queries. */
export function quickAnalysis(profile: ProfileData): QuickAnalysisFigures {
  const steps = profile.steps.length
  const slowest = profile.steps.reduce<QuickAnalysisFigures['slowest']>(
    (a, s) => (a === null || s.duration_ms > a.ms ? { name: s.name, ms: s.duration_ms } : a),
    null,
  )
  return {
    steps,
    slowest,
    averageMs: steps > 0 ? profile.total_duration_ms / steps : null,
    queries: profile.total_db_queries,
  }
}

/** The four headline figures above the profile card. */
export function QuickAnalysis({
  profile,
  title = 'Quick Analysis',
  headingLevel = 2,
  className,
}: QuickAnalysisProps) {
  const f = quickAnalysis(profile)
  return (
    <Card title={title} headingLevel={headingLevel} className={className}>
      <dl className={styles.list}>
        <QuickAnalysisItem icon="reports" label="Steps">
          {f.steps}
        </QuickAnalysisItem>
        <QuickAnalysisItem icon="alert" label="Slowest step" hint={f.slowest?.name}>
          {f.slowest ? <Ms value={f.slowest.ms} /> : <NotAvailable />}
        </QuickAnalysisItem>
        <QuickAnalysisItem
          icon="bolt"
          label="Average step time"
          hint={f.averageMs === null ? undefined : 'Total duration / steps'}
        >
          {f.averageMs === null ? <NotAvailable /> : <Ms value={f.averageMs} />}
        </QuickAnalysisItem>
        <QuickAnalysisItem icon="devices" label="Database queries">
          {f.queries}
        </QuickAnalysisItem>
      </dl>
    </Card>
  )
}

function QuickAnalysisItem({
  icon,
  label,
  hint,
  children,
}: {
  icon: IconName
  label: string
  hint?: string
  children: ReactNode
}) {
  return (
    <div className={styles.item}>
      <dt className={styles.label}>
        <Icon name={icon} size="xs" />
        {label}
      </dt>
      <dd className={styles.value}>
        {children}
        {hint && (
          <span className={styles.hint}>
            <VisuallyHidden>, </VisuallyHidden>
            {hint}
          </span>
        )}
      </dd>
    </div>
  )
}

const Ms = ({ value }: { value: number }) => (
  <>
    {formatNumber(value, { decimals: 1 })} <span className={styles.unit}>ms</span>
  </>
)

const NotAvailable = () => (
  <>
    <span aria-hidden="true">—</span>
    <VisuallyHidden>Not available</VisuallyHidden>
  </>
)
