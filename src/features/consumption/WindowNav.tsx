import { parseDate } from '@internationalized/date'
import type { ConsumptionView } from '~/lib/search-params'
import { sprinkles } from '~/styles'
import { Breadcrumb, Breadcrumbs, Button, DatePicker, Icon, Inline, Link } from '~/ui'
import { dayOf, type Day } from '~/lib/periods/days'
import { pastDay, shiftDay } from '~/lib/periods/view-window'
import { stepName, type ConsumptionTarget, type Crumb } from './time-navigation'
import * as styles from './consumption.css'

export interface WindowNavProps {
  view: ConsumptionView
  /** The day the window holds; none is today's window. */
  date?: Day
  /** The window reaches now: there is nothing after it yet. */
  isCurrent: boolean
  timeZone: string
  now: Date
  onNavigate: (target: ConsumptionTarget) => void
}

/** Previous and next window, a day to jump to, and back to today's window. */
export function WindowNav({ view, date, isCurrent, timeZone, now, onNavigate }: WindowNavProps) {
  const today = dayOf(now, timeZone)
  const go = (by: -1 | 1) => onNavigate({ view, date: shiftDay(view, date, by, now, timeZone) })
  return (
    <Inline
      space="xs"
      alignY="center"
      role="group"
      aria-label="Period"
      className={sprinkles({ marginTop: 'md' })}
    >
      <Button intent="iconGhost" aria-label={`Previous ${stepName[view]}`} onPress={() => go(-1)}>
        <Icon name="chevronLeft" size="sm" />
      </Button>
      <DatePicker
        aria-label="Date"
        className={styles.datePicker}
        value={parseDate(date ?? today)}
        maxValue={parseDate(today)}
        onChange={(value) =>
          value && onNavigate({ view, date: pastDay(value.toString(), now, timeZone) })
        }
      />
      <Button
        intent="iconGhost"
        aria-label={`Next ${stepName[view]}`}
        isDisabled={isCurrent}
        onPress={() => go(1)}
      >
        <Icon name="chevronRight" size="sm" />
      </Button>
      <Button intent="toolbarAction" isDisabled={isCurrent} onPress={() => onNavigate({ view })}>
        Today
      </Button>
    </Inline>
  )
}

/** The way back up from a drilled-in window; the last crumb is the page itself. */
export function WindowCrumbs({
  crumbs,
  onNavigate,
}: {
  crumbs: Crumb[]
  onNavigate: (target: ConsumptionTarget) => void
}) {
  if (crumbs.length === 0) return null
  return (
    <nav aria-label="Breadcrumbs" className={sprinkles({ marginTop: 'md' })}>
      <Breadcrumbs items={crumbs.map((c, i) => ({ ...c, id: i }))}>
        {(crumb) => (
          <Breadcrumb>
            {({ isCurrent }) =>
              isCurrent ? (
                <span aria-current="page">{crumb.label}</span>
              ) : (
                <Link onPress={() => onNavigate(crumb.target)}>{crumb.label}</Link>
              )
            }
          </Breadcrumb>
        )}
      </Breadcrumbs>
    </nav>
  )
}
