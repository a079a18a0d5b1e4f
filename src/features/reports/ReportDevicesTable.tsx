import { Link } from '@tanstack/react-router'
import { useMemo, useState } from 'react'
import type { EnergyReport, EnergyReportDevice } from '~/api'
import { linkClassName, Table, Text, type SortDescriptor, type TableColumn } from '~/ui'
import type { ReactNode } from 'react'
import { formatCostCo2, formatQuantity } from '~/lib/format'
import { difference, formatPercentChange } from './change'
import { formatKw, formatPeakAt } from '../consumption/peak'

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
import { sortDevices, twoWayColumns, type ReportSortKey } from './report-table'

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

/** A peak's kW with its quarter hour under it (and whether it rests on an estimate). */
function Peak({ kw, at, estimated }: { kw: number | null; at: string | null; estimated: boolean }) {
  if (kw === null || at === null) return formatKw(null)
  return (
    <>
      {formatKw(kw)}
      <Text as="div" size="xs" tone="muted">
        {formatPeakAt(at)}
        {estimated && ' · estimated'}
      </Text>
    </>
  )
}

// Issue 35: the current period's export, net and peak. The fields are read as possibly absent.
const exportNetColumns: Column[] = [
  {
    id: 'current_export_kwh',
    name: 'Export',
    ...figure,
    render: (d, report) => formatQuantity(d.current_export_kwh ?? null, report.unit),
  },
  {
    id: 'current_net_kwh',
    name: 'Net',
    ...figure,
    render: (d, report) => formatQuantity(d.current_net_kwh ?? null, report.unit),
  },
]
const peakColumn: Column = {
  id: 'current_peak_kw',
  name: 'Peak',
  ...figure,
  render: (d) => (
    <Peak
      kw={d.current_peak_kw ?? null}
      at={d.current_peak_at ?? null}
      estimated={d.current_peak_estimated ?? false}
    />
  ),
}

/** The columns of every report, then export and net, and the peak, where some device has them. */
const columnSets = {
  plain: columns,
  exportNet: [...columns, ...exportNetColumns],
  peak: [...columns, peakColumn],
  both: [...columns, ...exportNetColumns, peakColumn],
}
function columnsFor(devices: readonly EnergyReportDevice[]) {
  const { exportNet, peak } = twoWayColumns(devices)
  return columnSets[exportNet ? (peak ? 'both' : 'exportNet') : peak ? 'peak' : 'plain']
}

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
    current_export_kwh: formatQuantity(current.total_export_kwh ?? null, report.unit),
    current_net_kwh: formatQuantity(current.total_net_kwh ?? null, report.unit),
    // Peaks do not add up: each device's demand is its own.
    current_peak_kw: null,
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
      columns={columnsFor(report.devices)}
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
