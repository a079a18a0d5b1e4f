import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { scopeGroupsOptions } from '../scope/scope-queries'
import { isElevated } from '../auth/roles'
import { useSessionUser } from '../auth/use-session'
import { useCalendar } from '../consumption/calendar'
import { useBillingCycle } from '../billing/billing-cycle'
import { PageHeader } from '../shared/PageHeader'
import { useGroupScope } from '../shared/use-app-services'
import * as styles from './dashboard.css'
import { dashboardQueries } from './dashboard-queries'
import { EnergyCard } from './EnergyCard'
import { FleetCard } from './FleetCard'
import { ThirtyDayCard } from './ThirtyDayCard'
import { TopConsumersCard } from './TopConsumersCard'
import { UnreadCard } from './UnreadCard'

/** Names the scope the figures cover: a group, or every group for elevated users without one. */
function useScopeName() {
  const user = useSessionUser()
  const scope = useGroupScope()
  const groups = useQuery({
    ...scopeGroupsOptions(),
    enabled: Boolean(user && isElevated(user.role)),
  })
  if (!user || !isElevated(user.role)) return 'your group'
  if (!scope) return 'all groups'
  return groups.data?.items.find((g) => g.id === scope)?.name ?? 'the chosen group'
}

/** /dashboard: the scope's fleet at a glance, each widget linking to its detail. */
export function DashboardPage({
  now: fixedNow,
}: {
  /** For stories: a fixed clock. */ now?: Date
}) {
  const [now] = useState(() => fixedNow ?? new Date())
  // The consumption pages' calendar: 'today' here is the sum of their 'Today'.
  const { timeZone: timezone, weekStart: week_start, isPending } = useCalendar()
  // The month card follows the group's billing cycle (issue 26).
  const { cycle: bill, isPending: billPending } = useBillingCycle()
  // Reports wait for the user's timezone: asking in UTC first would fetch every figure twice.
  const ready = { enabled: !isPending && !billPending }
  const queries = dashboardQueries({ timeZone: timezone, weekStart: week_start, bill })
  return (
    <>
      <PageHeader
        title="Dashboard"
        lead={`Devices and consumption of ${useScopeName()}, in ${timezone.replaceAll('_', ' ')} time.`}
      />
      <div className={styles.board}>
        <div className={styles.grid}>
          <div className={styles.lead}>
            <FleetCard options={queries.fleet} now={now} />
          </div>
          <EnergyCard
            title="Today"
            currentLabel="Today so far"
            compareLabel="the same hours yesterday"
            previousLabel="Yesterday"
            preset="today"
            options={{ ...queries.today, ...ready }}
          />
          {bill ? (
            <EnergyCard
              title="This bill"
              currentLabel="This bill so far"
              compareLabel="the same days of the last bill"
              previousLabel="Last bill"
              preset="this_bill"
              options={{ ...queries.month, ...ready }}
            />
          ) : (
            <EnergyCard
              title="This month"
              currentLabel="This month so far"
              compareLabel="the same days last month"
              previousLabel="Last month"
              preset="this_month"
              options={{ ...queries.month, ...ready }}
            />
          )}
          <div className={styles.full}>
            <ThirtyDayCard options={{ ...queries.thirtyDays, ...ready }} timeZone={timezone} />
          </div>
          <div className={styles.pair}>
            <TopConsumersCard
              options={{ ...queries.month, ...ready }}
              period={bill ? 'this bill' : 'this month'}
            />
            <UnreadCard options={queries.notifications} now={now} />
          </div>
        </div>
      </div>
    </>
  )
}
