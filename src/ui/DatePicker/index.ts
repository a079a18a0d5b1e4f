export * from './DatePicker'
export * from './DateRangePicker'
export * from './DateTimeField'
// Date values for the pickers, so pages need no direct import of @internationalized/date.
export {
  getLocalTimeZone,
  parseDate,
  parseAbsolute,
  today,
  now,
  type CalendarDate,
  type ZonedDateTime,
} from '@internationalized/date'
export type { DateValue, DateRange } from 'react-aria-components'
