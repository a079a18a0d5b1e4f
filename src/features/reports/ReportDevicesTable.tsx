import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import type { EnergyReport } from '../../api'
import { Icon } from '../../ui'
import * as page from '../shared/page.css'
import { formatEnergy, formatEnergyChange, formatPercentChange } from './change'
import { sortDevices, type ReportSortKey, type SortDirection } from './report-table'
import * as styles from './reports.css'

const columns: { key: ReportSortKey; label: string; numeric: boolean }[] = [
  { key: 'device_name', label: 'Device', numeric: false },
  { key: 'current_kwh', label: 'Current', numeric: true },
  { key: 'previous_kwh', label: 'Previous', numeric: true },
  { key: 'absolute_change', label: 'Change', numeric: true },
  { key: 'percent_change', label: 'Change %', numeric: true },
]

/** Per-device figures; every header sorts, biggest change first by default. */
export function ReportDevicesTable({ report }: { report: EnergyReport }) {
  const [sort, setSort] = useState<{ key: ReportSortKey; direction: SortDirection }>({
    key: 'absolute_change',
    direction: 'descending',
  })
  const rows = sortDevices(report.devices, sort.key, sort.direction)
  const toggle = (key: ReportSortKey) =>
    setSort((s) => ({
      key,
      direction: s.key === key && s.direction === 'descending' ? 'ascending' : 'descending',
    }))
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- lets keyboard users scroll the table sideways
    <div className={page.tableScroll} tabIndex={0} role="region" aria-label="Devices in the report">
      <table className={page.table}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th
                key={c.key}
                scope="col"
                className={`${page.th} ${c.numeric ? page.numeric : ''}`}
                aria-sort={sort.key === c.key ? sort.direction : 'none'}
              >
                <button type="button" className={styles.sortButton} onClick={() => toggle(c.key)}>
                  {c.label}
                  {sort.key === c.key && (
                    <Icon
                      name={sort.direction === 'ascending' ? 'chevronUp' : 'chevronDown'}
                      size="xs"
                    />
                  )}
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((d) => (
            <tr key={d.device_id} className={page.row}>
              <td className={page.td}>
                <Link
                  to="/devices/$deviceId/consumption"
                  params={{ deviceId: d.device_id }}
                  search={{ view: 'daily' }}
                  className={page.inlineLink}
                >
                  {d.device_name}
                </Link>
              </td>
              <td className={`${page.td} ${page.numeric}`}>
                {formatEnergy(d.current_kwh, report.unit)}
              </td>
              <td className={`${page.td} ${page.numeric}`}>
                {formatEnergy(d.previous_kwh, report.unit)}
              </td>
              <td className={`${page.td} ${page.numeric}`}>
                {formatEnergyChange(d.absolute_change, report.unit)}
              </td>
              <td className={`${page.td} ${page.numeric}`}>
                {formatPercentChange(d.percent_change)}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className={page.td}>
              Total
            </th>
            <td className={`${page.td} ${page.numeric}`}>
              {formatEnergy(report.current.total_kwh, report.unit)}
            </td>
            <td className={`${page.td} ${page.numeric}`}>
              {formatEnergy(report.previous.total_kwh, report.unit)}
            </td>
            <td className={`${page.td} ${page.numeric}`}>
              {formatEnergyChange(report.change.absolute_kwh, report.unit)}
            </td>
            <td className={`${page.td} ${page.numeric}`}>
              {formatPercentChange(report.change.percent)}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  )
}
