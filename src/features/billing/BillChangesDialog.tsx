import { parseDate, type CalendarDate } from '@internationalized/date'
import { format } from 'date-fns'
import { useState } from 'react'
import type { BillChange, BillTotals, EnergySettingsPreview } from '~/api'
import { formatCost } from '~/lib/format'
import { Button, DatePicker, Dialog, Heading, Stack, Table, Text, type TableColumn } from '~/ui'
import * as page from '../shared/page.css'
import { formatBill } from './billing-cycle'
import { billExtras } from './cost'
import * as styles from './energy-settings.css'

export interface BillChangesDialogProps {
  /** The closed bills the change re-prices (never empty while open). */
  preview: EnergySettingsPreview
  /** The saved and the proposed start day of the cycle (they differ when `preview.recut`). */
  startDays: { saved: number; proposed: number }
  isOpen: boolean
  onOpenChange: (isOpen: boolean) => void
  /** Save as it is: the closed bills take the new prices. */
  onConfirm: () => void
  /**
   * Save the new prices from `date` ('YYYY-MM-DD') instead: bills before it keep theirs. Answers
   * what is wrong with the date, or nothing once it goes ahead.
   */
  onStartFrom: (date: string) => string | undefined
  /** The save is under way: nothing else can be pressed. */
  isSaving: boolean
}

/** '1st', '2nd', '3rd', '28th': a day of the month as people say it. */
export const ordinal = (day: number) => {
  const teen = day % 100 >= 11 && day % 100 <= 13
  const suffix = teen ? 'th' : (['th', 'st', 'nd', 'rd'][day % 10] ?? 'th')
  return `${day}${suffix}`
}

/** '8 Nov 2026' for '2026-11-08', read as a calendar date (no timezone shifts it). */
export const formatDay = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  return format(new Date(y, m - 1, d), 'd MMM yyyy')
}

interface Row extends BillChange {
  id: string
}

interface Context {
  preview: EnergySettingsPreview
}

const total = (value: number | null | undefined, currency: string | null) =>
  value == null ? 'No price' : formatCost(value, currency)

/** A bill's total with its feed-in credit and demand charge under it, where it has them. */
function BillTotal({ bill, currency }: { bill: BillTotals; currency: string | null }) {
  return (
    <>
      {total(bill.total, currency)}
      {billExtras(bill, currency).map((extra) => (
        <Text key={extra} as="div" size="xs" tone="muted">
          {extra}
        </Text>
      ))}
    </>
  )
}

const columns: readonly TableColumn<Row, Context>[] = [
  {
    id: 'bill',
    name: 'Bill',
    isRowHeader: true,
    render: (row, { preview }) => {
      // '8 Sep –' and '7 Oct 2026' each kept whole: a phone wraps between them, not inside.
      const [first, last] = formatBill(new Date(row.start), preview.timezone).split(' – ')
      return (
        <>
          <Text nowrap>{first} –</Text> <Text nowrap>{last}</Text>
          <Text as="div" size="xs" tone="muted" className={page.narrowOnly}>
            Now {total(row.before.total, preview.currency_before)}
          </Text>
        </>
      )
    },
  },
  {
    id: 'now',
    name: 'Now',
    align: 'end',
    // Phones: said under the bill's period, so the total after saving keeps its place.
    hideWhenNarrow: true,
    render: (row, { preview }) => (
      <BillTotal bill={row.before} currency={preview.currency_before} />
    ),
  },
  {
    id: 'after',
    name: 'After',
    align: 'end',
    render: (row, { preview }) =>
      row.after === null ? (
        'Cut anew'
      ) : (
        <BillTotal bill={row.after} currency={preview.currency_after} />
      ),
  },
]

const count = (n: number) => (n === 1 ? '1 closed bill' : `${n} closed bills`)

/**
 * Issue 32: before a change of a group's energy settings is saved, the closed bills it would
 * re-price, each with its period and its total now and after saving, and the choice between
 * saving as it is and starting the new prices on a date (the running bill's start by default) so
 * that closed bills keep theirs. A new start day or currency changes every closed bill: then it
 * says so, and saving as it is (or going back) is the choice.
 */
export function BillChangesDialog({
  preview,
  startDays,
  isOpen,
  onOpenChange,
  onConfirm,
  onStartFrom,
  isSaving,
}: BillChangesDialogProps) {
  const [date, setDate] = useState<CalendarDate | null>(() =>
    parseDate(preview.current_cycle_start),
  )
  const [problem, setProblem] = useState<string>()
  const n = preview.bills.length
  const relabelled = preview.currency_before !== preview.currency_after
  const keepable = !preview.recut && !relabelled
  const rows = preview.bills.map((b) => ({ ...b, id: b.start }))
  const title = preview.recut ? `A new start day cuts ${count(n)} anew` : `Re-price ${count(n)}?`
  const startFrom = () => {
    if (!date) return setProblem('Choose the date the new prices start on.')
    setProblem(onStartFrom(date.toString()))
  }
  return (
    <Dialog
      title={title}
      role="alertdialog"
      size="md"
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={!isSaving}
      isKeyboardDismissDisabled={isSaving}
      showClose={false}
      footer={({ close }) => (
        <>
          <Button intent="formSecondary" onPress={close} isDisabled={isSaving}>
            Back to the settings
          </Button>
          <Button intent="destructiveAction" onPress={onConfirm} isPending={isSaving}>
            {preview.recut ? `Cut ${n === 1 ? 'it' : 'them'} anew and save` : `Re-price and save`}
          </Button>
        </>
      )}
    >
      <Stack space="lg" className={styles.billChanges}>
        <Text as="p">
          {preview.recut
            ? `Bills run from the start day: moving it from the ${ordinal(startDays.saved)} to the ${ordinal(startDays.proposed)} cuts every closed bill anew, so their periods and totals change. To keep them, keep the ${ordinal(startDays.saved)}.`
            : relabelled
              ? `Bills are in the group’s currency: saving shows every closed bill in ${preview.currency_after ?? 'no currency'} instead of ${preview.currency_before ?? 'none'}. To keep them, keep ${preview.currency_before ?? 'no currency'}.`
              : `These bills are closed, and the new tariffs change what ${n === 1 ? 'it comes' : 'they come'} to. Saving as it is re-prices ${n === 1 ? 'it' : 'them'}.`}
        </Text>
        <Table<Row, Context>
          aria-label="Closed bills this change re-prices"
          columns={columns}
          rows={rows}
          context={{ preview }}
          virtualized={false}
        />
        {keepable && (
          <Stack space="md">
            <Heading level={3}>Keep the closed bills as they are</Heading>
            <Text as="p" size="sm" tone="muted">
              Start the new prices on a date instead: bills before it keep the tariffs they were
              priced with. The running bill began on {formatDay(preview.current_cycle_start)}.
            </Text>
            <DatePicker
              label="New prices from"
              value={date}
              onChange={(next) => {
                setDate(next)
                setProblem(undefined)
              }}
              isInvalid={Boolean(problem)}
              errorMessage={problem}
              isDisabled={isSaving}
            />
            <div>
              <Button intent="formPrimary" onPress={startFrom} isDisabled={isSaving}>
                {date ? `Start new prices on ${formatDay(date.toString())}` : 'Start new prices'}
              </Button>
            </div>
          </Stack>
        )}
      </Stack>
    </Dialog>
  )
}
