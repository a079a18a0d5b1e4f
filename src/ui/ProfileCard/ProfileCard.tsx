import { useId, useState, type ReactNode } from 'react'
import {
  Button as AriaButton,
  Disclosure,
  DisclosureGroup,
  DisclosurePanel,
  Heading,
  type Key,
} from 'react-aria-components'
import { Badge } from '../Badge'
import { Button } from '../Button'
import { Card } from '../Card'
import { Icon, type IconName } from '../Icon'
import { VisuallyHidden } from '../VisuallyHidden'
import * as styles from './ProfileCard.css'
import {
  classifyQueryTiming,
  formatMb,
  formatMs,
  formatShare,
  timeBreakdown,
  type ProfileData,
  type ProfileStep,
  type QueryTimingLevel,
} from './profile'
import { cx } from '../private/cx'

export interface ProfileCardProps {
  profile: ProfileData
  /** @default 'Performance Profile' */
  title?: string
  /** Heading level of the title; steps use the next level. @default 2 */
  headingLevel?: 2 | 3
  /** Steps open at first, by index. @default [] */
  defaultExpandedSteps?: number[]
  className?: string
}

/** The Performance Profile card of the debug profiler (spec §2): totals, time breakdown, steps and SQL timings. */
export function ProfileCard({
  profile,
  title = 'Performance Profile',
  headingLevel = 2,
  defaultExpandedSteps = [],
  className,
}: ProfileCardProps) {
  const keys = profile.steps.map((_, i) => `step-${i}`)
  const [expanded, setExpanded] = useState<Set<Key>>(
    () => new Set(defaultExpandedSteps.map((i) => `step-${i}`)),
  )
  const memoryUp = profile.memory_delta_mb > 0
  const stepLevel = (headingLevel + 1) as 3 | 4
  const stepsId = useId()

  return (
    <Card title={title} headingLevel={headingLevel} className={className}>
      <div className={styles.body}>
        <dl className={styles.stats}>
          <ProfileCardStat label="Total duration">
            {formatMs(profile.total_duration_ms)}
          </ProfileCardStat>
          <ProfileCardStat label="DB queries">{profile.total_db_queries}</ProfileCardStat>
          <ProfileCardStat
            label="Memory delta"
            tone={memoryUp ? styles.memory.up : styles.memory.down}
            icon={memoryUp ? 'trendingUp' : 'trendingDown'}
            hint={memoryUp ? 'Memory grew during the request' : 'No memory growth'}
          >
            {formatMb(profile.memory_delta_mb)}
          </ProfileCardStat>
        </dl>

        <ProfileCardBreakdown profile={profile} level={stepLevel} />

        <section aria-labelledby={stepsId}>
          <div className={styles.sectionHeader}>
            <Heading level={stepLevel} id={stepsId} className={styles.sectionTitle}>
              Steps ({profile.steps.length})
            </Heading>
            {profile.steps.length > 0 && (
              <div className={styles.sectionActions}>
                <Button
                  intent="toolbarAction"
                  onPress={() => setExpanded(new Set(keys))}
                  isDisabled={expanded.size === keys.length}
                >
                  Expand all
                </Button>
                <Button
                  intent="toolbarAction"
                  onPress={() => setExpanded(new Set())}
                  isDisabled={expanded.size === 0}
                >
                  Collapse all
                </Button>
              </div>
            )}
          </div>
          {profile.steps.length === 0 ? (
            <p className={styles.noQueries}>No steps were recorded.</p>
          ) : (
            <DisclosureGroup
              allowsMultipleExpanded
              expandedKeys={expanded}
              onExpandedChange={setExpanded}
              className={styles.steps}
            >
              {profile.steps.map((step, i) => (
                <ProfileCardStep
                  key={keys[i]}
                  id={keys[i]!}
                  step={step}
                  index={i}
                  total={profile.total_duration_ms}
                  level={(stepLevel + 1) as 4 | 5}
                />
              ))}
            </DisclosureGroup>
          )}
        </section>
      </div>
    </Card>
  )
}

function ProfileCardStat({
  label,
  tone,
  icon,
  hint,
  children,
}: {
  label: string
  tone?: string
  icon?: IconName
  hint?: string
  children: ReactNode
}) {
  return (
    <div className={styles.stat}>
      <dt className={styles.statLabel}>{label}</dt>
      <dd className={cx(styles.statValue, tone)}>
        {icon && <Icon name={icon} size="sm" />}
        {children}
        {hint && <VisuallyHidden> ({hint})</VisuallyHidden>}
      </dd>
    </div>
  )
}

const parts = [
  { key: 'python', label: 'Python' },
  { key: 'sql', label: 'SQL' },
  { key: 'other', label: 'Other' },
] as const

function ProfileCardBreakdown({ profile, level }: { profile: ProfileData; level: 3 | 4 }) {
  const b = timeBreakdown(profile)
  const id = useId()
  return (
    <section aria-labelledby={id}>
      <div className={styles.sectionHeader}>
        <Heading level={level} id={id} className={styles.sectionTitle}>
          Time breakdown
        </Heading>
      </div>
      {/* The bar draws what the list below says in words. */}
      <div className={styles.breakdownBar} aria-hidden="true">
        {parts.map((p) =>
          b[p.key] > 0 ? (
            <span
              key={p.key}
              className={styles.segment[p.key]}
              style={{ width: `${(b[p.key] / b.whole) * 100}%` }}
            />
          ) : null,
        )}
      </div>
      <ul className={styles.legend} aria-labelledby={id}>
        {parts.map((p) => (
          <li key={p.key} className={styles.legendItem}>
            <span className={`${styles.legendDot} ${styles.segment[p.key]}`} aria-hidden="true" />
            {p.label}
            <span className={styles.legendValue}>{formatMs(b[p.key])}</span>
            <span>({formatShare(b[p.key], b.whole)})</span>
          </li>
        ))}
      </ul>
    </section>
  )
}

function ProfileCardStep({
  id,
  step,
  index,
  total,
  level,
}: {
  id: string
  step: ProfileStep
  index: number
  total: number
  level: 4 | 5
}) {
  const sql = step.query_timings.reduce((s, t) => s + t.duration_ms, 0)
  const timed = new Set(step.query_timings.map((t) => t.query))
  const untimed = step.queries.filter((q) => !timed.has(q))
  return (
    <Disclosure id={id} className={styles.step}>
      <Heading level={level} className={styles.stepHeading}>
        <AriaButton slot="trigger" className={styles.trigger}>
          <Icon name="chevronRight" size="sm" className={styles.chevron} />
          <span className={styles.stepText}>
            <span className={styles.stepName}>
              <VisuallyHidden>Step {index + 1}: </VisuallyHidden>
              {step.name}
            </span>
            {step.details && <span className={styles.stepDetails}>{step.details}</span>}
          </span>
          <span className={styles.stepMeta}>
            <span className={styles.stepDuration}>{formatMs(step.duration_ms)}</span>
            <Badge variant="secondary" size="sm">
              {step.query_count} {step.query_count === 1 ? 'query' : 'queries'}
            </Badge>
          </span>
          <span className={styles.share} aria-hidden="true">
            <span
              className={styles.shareFill}
              style={{
                display: 'block',
                width: `${total > 0 ? Math.min(100, (step.duration_ms / total) * 100) : 0}%`,
              }}
            />
          </span>
        </AriaButton>
      </Heading>
      {/* The panel is a group named by its trigger (react-aria wires aria-labelledby). */}
      <DisclosurePanel className={styles.panel}>
        <p className={styles.panelMeta}>
          <span>Python {formatMs(step.python_execution_ms)}</span>
          <span>SQL {formatMs(sql)}</span>
          <span>{formatShare(step.duration_ms, total)} of the request</span>
        </p>
        {step.query_timings.length === 0 && untimed.length === 0 ? (
          <p className={styles.noQueries}>No SQL queries in this step.</p>
        ) : (
          <ul className={styles.queries} aria-label="SQL queries">
            {step.query_timings.map((t, i) => (
              <li key={i} className={styles.query}>
                <ProfileCardTiming ms={t.duration_ms} />
                <code className={styles.sql}>{t.query}</code>
              </li>
            ))}
            {untimed.map((q, i) => (
              <li key={`u${i}`} className={styles.query}>
                <span className={styles.statHint}>No timing</span>
                <code className={styles.sql}>{q}</code>
              </li>
            ))}
          </ul>
        )}
      </DisclosurePanel>
    </Disclosure>
  )
}

const timingCue: Record<QueryTimingLevel, { label: string; icon: IconName }> = {
  slow: { label: 'Slow', icon: 'alertCircle' },
  moderate: { label: 'Moderate', icon: 'alert' },
  fast: { label: 'Fast', icon: 'checkCircle' },
}

/** A query's duration, coloured and labelled (red over 100 ms, yellow over 50 ms, green otherwise). */
export function ProfileCardTiming({ ms }: { ms: number }) {
  const level = classifyQueryTiming(ms)
  return (
    <span className={styles.timing({ level })}>
      <Icon name={timingCue[level].icon} size="xs" />
      {timingCue[level].label}
      <span>{formatMs(ms)}</span>
    </span>
  )
}
