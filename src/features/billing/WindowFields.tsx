import { Checkbox, NumberField, Select, SelectItem } from '~/ui'
import {
  DAY_NAMES,
  DAY_SHORT,
  endTimes,
  startTimes,
  type WindowDraft,
} from './energy-settings-rules'
import * as styles from './energy-settings.css'
import { BlockProblem, FieldBlock, moneyFormat, type FieldMessages } from './EnergyFieldParts'

const timeItems = (times: readonly string[]) => times.map((id) => ({ id }))
const starts = timeItems(startTimes)
const ends = timeItems(endTimes)

export interface WindowFieldsProps {
  window: WindowDraft
  index: number
  /** The tariff's own number (from 1): the window's accessible name says whose it is. */
  tariffNumber: number
  name: string
  currency: string
  /** The tariff pays export per window: the window has a feed-in price field. */
  feedIn?: boolean
  errors: FieldMessages
  onChange: (window: WindowDraft) => void
  onRemove?: () => void
}

/** One time-of-use window: its weekdays, times, price and, when paid per window, feed-in price. */
export function WindowFields({
  window: w,
  index,
  tariffNumber,
  name,
  currency,
  feedIn = false,
  errors,
  onChange,
  onRemove,
}: WindowFieldsProps) {
  const label = `Window ${index + 1}`
  const toggle = (day: number) => (on: boolean) =>
    onChange({
      ...w,
      days: on ? [...w.days, day].sort((a, b) => a - b) : w.days.filter((d) => d !== day),
    })
  const message = (field: string) => errors[`${name}.${field}`]
  return (
    <FieldBlock
      label={label}
      name={`${label} of tariff ${tariffNumber}`}
      level={5}
      onRemove={onRemove}
      lead={
        <>
          <fieldset className={styles.days} aria-invalid={Boolean(message('days')) || undefined}>
            <legend className={styles.legend}>Days</legend>
            {DAY_SHORT.map((short, i) => (
              <Checkbox
                key={short}
                aria-label={DAY_NAMES[i]}
                isSelected={w.days.includes(i + 1)}
                onChange={toggle(i + 1)}
              >
                {short}
              </Checkbox>
            ))}
          </fieldset>
          <BlockProblem message={message('days')} />
        </>
      }
      fields={
        <>
          <Select
            label="From"
            items={starts}
            selectedKey={w.start}
            onSelectionChange={(key) => onChange({ ...w, start: String(key) })}
            isInvalid={Boolean(message('start'))}
            errorMessage={message('start')}
          >
            {(t) => <SelectItem id={t.id}>{t.id}</SelectItem>}
          </Select>
          <Select
            label="Until"
            items={ends}
            selectedKey={w.end}
            onSelectionChange={(key) => onChange({ ...w, end: String(key) })}
            isInvalid={Boolean(message('end'))}
            errorMessage={message('end')}
          >
            {(t) => <SelectItem id={t.id}>{t.id}</SelectItem>}
          </Select>
          <NumberField
            label="Price per kWh"
            minValue={0}
            formatOptions={moneyFormat(currency)}
            value={w.price}
            onChange={(price) => onChange({ ...w, price })}
            isInvalid={Boolean(message('price_per_kwh'))}
            errorMessage={message('price_per_kwh')}
          />
          {feedIn && (
            <NumberField
              label="Feed-in price per kWh"
              minValue={0}
              formatOptions={moneyFormat(currency)}
              value={w.feedIn}
              onChange={(value) => onChange({ ...w, feedIn: value })}
              isInvalid={Boolean(message('feed_in_price_per_kwh'))}
              errorMessage={message('feed_in_price_per_kwh')}
            />
          )}
        </>
      }
      problem={errors[name]}
    />
  )
}
