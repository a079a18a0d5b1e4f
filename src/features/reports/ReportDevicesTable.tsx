import { Link } from '@tanstack/react-router'
import { useMemo, useState } from 'react'
import type { EnergyReport, EnergyReportDevice } from '~/api'
import { linkClassName, Table, Text, type SortDescriptor, type TableColumn } from '~/ui'
import type { ReactNode } from 'react'
import { formatCostCo2, formatQuantity } from '~/lib/format'
import { difference, formatPercentChange } from './change'

/** A kWh figure with its cost and CO2 under it where the report has them. */
function WithCost({ figure, cost }: { figure: string; cost: string | null }): ReactNode {
  return cost ? (
    <>
      {figure}
      <Text as="div" size="xs" tone="muted" breakWord>
        {cost}
      </Text>
    </>
  ) : (
    figure
  )
}
import { sortDevices, type ReportSortKey } from './report-table'

type Column = TableColumn<EnergyReportDevice, EnergyReport> & { id: ReportSortKey }

/** Every header sorts, biggest first when first chosen. */
const sortable = { allowsSorting: true, firstSortDirection: 'descending' } as const
const figure = { ...sortable, align: 'end' } as const

const columns: Column[] = [
  {
    id: 'device_name',
    name: 'Device',
    isRowHeader: true,
    ...sortable,
    render: (d) => (
      <Link
        to="/devices/$deviceId/consumption"
        params={{ deviceId: d.device_id }}
        search={{ view: 'daily' }}
        className={linkClassName('standalone')}
      >
        {d.device_name}
      </Link>
    ),
  },
  {
    id: 'current_kwh',
    name: 'Current',
    ...figure,
    render: (d, report) => (
      <WithCost
        figure={formatQuantity(d.current_kwh, report.unit)}
        cost={formatCostCo2(d.current_cost, d.current_co2_kg, report.currency)}
      />
    ),
  },
  {
    id: 'previous_kwh',
    name: 'Previous',
    ...figure,
    render: (d, report) => (
      <WithCost
        figure={formatQuantity(d.previous_kwh, report.unit)}
        cost={formatCostCo2(d.previous_cost, d.previous_co2_kg, report.currency)}
      />
    ),
  },
  {
    id: 'absolute_change',
    name: 'Change',
    ...figure,
    render: (d, report) => (
      <WithCost
        figure={formatQuantity(d.absolute_change, report.unit, { signed: true })}
        cost={formatCostCo2(
          difference(d.current_cost, d.previous_cost),
          difference(d.current_co2_kg, d.previous_co2_kg),
          report.currency,
          { signed: true },
        )}
      />
    ),
  },
  {
    id: 'percent_change',
    name: 'Change %',
    ...figure,
    render: (d) => formatPercentChange(d.percent_change),
  },
]

const deviceId = (d: EnergyReportDevice) => d.device_id

function totals(report: EnergyReport): Record<ReportSortKey, ReactNode> {
  const { current, previous, change, currency } = report
  return {
    device_name: 'Total',
    current_kwh: (
      <WithCost
        figure={formatQuantity(current.total_kwh, report.unit)}
        cost={formatCostCo2(current.total_cost, current.total_co2_kg, currency)}
      />
    ),
    previous_kwh: (
      <WithCost
        figure={formatQuantity(previous.total_kwh, report.unit)}
        cost={formatCostCo2(previous.total_cost, previous.total_co2_kg, currency)}
      />
    ),
    absolute_change: (
      <WithCost
        figure={formatQuantity(change.absolute_kwh, report.unit, { signed: true })}
        cost={formatCostCo2(change.absolute_cost, change.absolute_co2_kg, currency, {
          signed: true,
        })}
      />
    ),
    percent_change: formatPercentChange(report.change.percent),
  }
}

/** Per-device figures with the report's totals under them; biggest change first by default. */
export function ReportDevicesTable({ report }: { report: EnergyReport }) {
  const [sort, setSort] = useState<SortDescriptor>({
    column: 'absolute_change',
    direction: 'descending',
  })
  // 'N/A' percentages sort after every number in both directions: the report's own order.
  const rows = useMemo(
    () => sortDevices(report.devices, sort.column as ReportSortKey, sort.direction),
    [report.devices, sort],
  )
  return (
    <Table
      aria-label="Devices in the report"
      columns={columns}
      rows={rows}
      getRowId={deviceId}
      context={report}
      manualSorting
      sortDescriptor={sort}
      onSortChange={setSort}
      footer={totals(report)}
    />
  )
}
