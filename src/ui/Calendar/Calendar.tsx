import {
  Calendar as AriaCalendar,
  CalendarCell,
  CalendarGrid,
  CalendarGridBody,
  CalendarGridHeader,
  CalendarHeaderCell,
  Heading,
  RangeCalendar as AriaRangeCalendar,
  type CalendarProps as AriaCalendarProps,
  type DateValue,
  type RangeCalendarProps as AriaRangeCalendarProps,
} from 'react-aria-components'
import * as styles from './Calendar.css'
import { Button } from '../Button'
import { Icon } from '../Icon'

function CalendarBody() {
  return (
    <>
      <header className={styles.header}>
        <Button slot="previous" intent="iconGhost" size="icon">
          <Icon name="chevronLeft" size="sm" />
        </Button>
        <Heading className={styles.heading} />
        <Button slot="next" intent="iconGhost" size="icon">
          <Icon name="chevronRight" size="sm" />
        </Button>
      </header>
      <CalendarGrid className={styles.grid}>
        <CalendarGridHeader>
          {(day) => <CalendarHeaderCell className={styles.headerCell}>{day}</CalendarHeaderCell>}
        </CalendarGridHeader>
        <CalendarGridBody>
          {(date) => <CalendarCell date={date} className={styles.cell} />}
        </CalendarGridBody>
      </CalendarGrid>
    </>
  )
}

/** A month grid to pick one date (inside DatePicker, or on its own). */
export function Calendar<T extends DateValue>(props: Omit<AriaCalendarProps<T>, 'children'>) {
  return (
    <AriaCalendar {...props} className={styles.calendar}>
      <CalendarBody />
    </AriaCalendar>
  )
}

/** A month grid to pick a start and end date. */
export function RangeCalendar<T extends DateValue>(
  props: Omit<AriaRangeCalendarProps<T>, 'children'>,
) {
  return (
    <AriaRangeCalendar {...props} className={styles.calendar} data-range>
      <CalendarBody />
    </AriaRangeCalendar>
  )
}
