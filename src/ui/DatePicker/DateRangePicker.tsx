import {
  DateRangePicker as AriaDateRangePicker,
  composeRenderProps,
  type DateRangePickerProps as AriaDateRangePickerProps,
  type DateValue,
} from 'react-aria-components'
import * as styles from './DatePicker.css'
import * as field from '../private/field.css'
import { FieldHelp, FieldLabel, type FieldProps } from '../private/Field'
import { cx } from '../private/cx'
import { RangeCalendar } from '../Calendar'
import { CalendarPopover, DateInputGroup, Segments } from './DateInputGroup'

export interface DateRangePickerProps<T extends DateValue>
  extends Omit<AriaDateRangePickerProps<T>, 'children'>, FieldProps {}

/** A start and end date (a report period), typed or picked on a range calendar. Value: `{ start, end }`. */
export function DateRangePicker<T extends DateValue>({
  label,
  description,
  errorMessage,
  className,
  ...props
}: DateRangePickerProps<T>) {
  return (
    <AriaDateRangePicker
      {...props}
      className={composeRenderProps(className, (cls) => cx(field.field, cls))}
    >
      <FieldLabel>{label}</FieldLabel>
      <DateInputGroup>
        <Segments slot="start" />
        <span aria-hidden="true" className={styles.dash}>
          –
        </span>
        <Segments slot="end" />
      </DateInputGroup>
      <FieldHelp description={description} errorMessage={errorMessage} />
      <CalendarPopover>
        <RangeCalendar />
      </CalendarPopover>
    </AriaDateRangePicker>
  )
}
