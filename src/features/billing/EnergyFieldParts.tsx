import { parseDate } from '@internationalized/date'
import { Fragment, type ReactNode } from 'react'
import { Button, DatePicker, Heading, Icon, Stack, Text, Tiles } from '~/ui'
import { RowAction } from '../shared/RowAction'
import * as styles from './energy-settings.css'

/** Pieces the energy settings form's blocks share: dates, money fields and block messages. */

/** Messages by the API's field names ('tariffs.0.windows.1.end'). */
export type FieldMessages = Readonly<Record<string, string>>

/** A date field over 'YYYY-MM-DD' strings ('' while none is chosen). */
export function EffectiveDate({
  value,
  onChange,
  errorMessage,
}: {
  value: string
  onChange: (date: string) => void
  errorMessage?: string
}) {
  let date = null
  try {
    date = value ? parseDate(value) : null
  } catch {
    date = null
  }
  return (
    <DatePicker
      label="Effective from"
      value={date}
      onChange={(next) => onChange(next ? next.toString() : '')}
      isInvalid={Boolean(errorMessage)}
      errorMessage={errorMessage}
    />
  )
}

/** A money amount in the group's currency when it has a known one, else a plain number. */
export const moneyFormat = (currency: string): Intl.NumberFormatOptions =>
  /^[A-Z]{3}$/.test(currency) && Intl.supportedValuesOf('currency').includes(currency)
    ? { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 5 }
    : { maximumFractionDigits: 5 }

/** What a block-wide problem says (two windows overlap), reachable when focus goes to it. */
export function BlockProblem({ message }: { message?: string }) {
  return message ? (
    <Text as="p" size="sm" tone="critical" role="alert" tabIndex={-1} data-form-error>
      {message}
    </Text>
  ) : null
}

export interface FieldBlockProps {
  /** 'Tariff 1', 'Window 2': the block's heading and accessible name. */
  label: string
  /**
   * The accessible name when the heading alone repeats on the page ('Window 1 of tariff 2': two
   * tariffs each have a window 1, and landmarks need names of their own). @default label
   */
  name?: string
  /** h5 for a window inside a tariff. @default 4 */
  level?: 4 | 5
  /** Without it the block cannot be removed (a tariff's last window). */
  onRemove?: () => void
  /** The date the block applies from: the first of its fields. */
  effectiveDate?: { value: string; onChange: (date: string) => void; errorMessage?: string }
  /** The fields, side by side where they fit. */
  fields: ReactNode
  /** Said after the heading, before the fields (a window's days). */
  lead?: ReactNode
  /** Said after the fields (a tariff's windows). */
  children?: ReactNode
  /** A problem of the whole block, at its end. */
  problem?: string
}

/** One framed block of the energy settings: heading, remove button, fields and its problem. */
export function FieldBlock({
  label,
  name = label,
  level = 4,
  onRemove,
  effectiveDate,
  fields,
  lead,
  children,
  problem,
}: FieldBlockProps) {
  const Heading = `h${level}` as const
  return (
    <section className={styles.block} aria-label={name}>
      <Stack space="md">
        <Heading className={styles.blockHeader}>
          {label}
          {onRemove && (
            <RowAction icon="trash" label={`Remove ${label.toLowerCase()}`} onPress={onRemove} />
          )}
        </Heading>
        {lead}
        <Tiles space="md" minItemWidth="10rem" alignY="top">
          {effectiveDate && <EffectiveDate {...effectiveDate} />}
          {fields}
        </Tiles>
        {children}
        <BlockProblem message={problem} />
      </Stack>
    </section>
  )
}

/** How one entry of a dated list is edited: replaced or removed. */
export interface DatedEntry<T> {
  index: number
  onChange: (next: T) => void
  onRemove: () => void
}

export interface DatedListProps<T> {
  /** 'Tariffs': the section's heading. */
  title: string
  /** What the entries mean, under the heading. */
  intro: string
  entries: readonly T[]
  onChange: (entries: T[]) => void
  /** One entry's block. */
  children: (entry: T, edit: DatedEntry<T>) => ReactNode
  /** A problem of the whole list (two entries from the same date). */
  problem?: string
  /** 'Add tariff'. */
  addLabel: string
  /** The entry the add button appends. */
  newEntry: () => T
}

/** A section of entries each applying from a date (tariffs, emission factors): add, edit, remove. */
export function DatedList<T>({
  title,
  intro,
  entries,
  onChange,
  children,
  problem,
  addLabel,
  newEntry,
}: DatedListProps<T>) {
  return (
    <Stack space="md">
      <Heading level={3}>{title}</Heading>
      <Text as="p" size="sm" tone="muted">
        {intro}
      </Text>
      {entries.map((entry, i) => (
        <Fragment key={i}>
          {children(entry, {
            index: i,
            onChange: (next) => onChange(entries.map((e, j) => (j === i ? next : e))),
            onRemove: () => onChange(entries.filter((_, j) => j !== i)),
          })}
        </Fragment>
      ))}
      <BlockProblem message={problem} />
      <div>
        <Button intent="formSecondary" onPress={() => onChange([...entries, newEntry()])}>
          <Icon name="plus" size="sm" /> {addLabel}
        </Button>
      </div>
    </Stack>
  )
}
