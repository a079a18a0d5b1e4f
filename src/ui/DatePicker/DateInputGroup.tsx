import type { ReactNode } from 'react'
import { DateInput, DateSegment, Dialog, Group } from 'react-aria-components'
import * as styles from './DatePicker.css'
import * as field from '../private/field.css'
import { cx } from '../private/cx'
import { Button } from '../Button'
import { Icon } from '../Icon'
import { Popover } from '../Popover'

/** The segments of one date (and time) value. */
export function Segments({ slot }: { slot?: 'start' | 'end' }) {
  return (
    <DateInput slot={slot} className={styles.input}>
      {(segment) => <DateSegment segment={segment} className={styles.segment} />}
    </DateInput>
  )
}

/** The bordered box: segments, then the calendar button. */
export function DateInputGroup({ children }: { children: ReactNode }) {
  return (
    <Group className={cx(field.control, styles.group)}>
      {children}
      <Button
        intent="iconGhost"
        size="icon"
        aria-label="Open calendar"
        className={styles.calendarButton}
      >
        <Icon name="calendar" size="sm" />
      </Button>
    </Group>
  )
}

/** The calendar popover; react-aria wants its content to be a dialog. */
export function CalendarPopover({ children }: { children: ReactNode }) {
  return (
    <Popover padded={false} placement="bottom start">
      <Dialog className={styles.dialog}>{children}</Dialog>
    </Popover>
  )
}
