import { useQueries, useQuery } from '@tanstack/react-query'
import { createContext, useContext, useState } from 'react'
import {
  client,
  listDeviceMeasurementsOptions,
  listDeviceReadingsOptions,
  normalizeError,
  queryPolicy,
  type ListDeviceReadingsData,
  type Reading,
} from '~/api'
import {
  Badge,
  Card,
  EmptyState,
  ErrorState,
  Link,
  Pagination,
  Select,
  SelectItem,
  Stack,
  Table,
  Text,
  type TableColumn,
} from '~/ui'
import { measurementName } from './format'
import { ENERGY, EXPORT } from './reading-types'
import { newestFirstSlice, pickNewestFirst } from './reading-pages'
import { useMediaQuery } from './use-media-query'
import * as styles from './devices.css'
import { formatDateTime, formatKwh, formatQuantity } from '~/lib/format'

type Source = NonNullable<NonNullable<ListDeviceReadingsData['query']>['source']>
const sources = [
  { id: 'all', label: 'All sources' },
  { id: 'mqtt', label: 'MQTT' },
  { id: 'http', label: 'HTTP' },
  { id: 'bulk', label: 'Bulk push' },
  { id: 'manual', label: 'Manual' },
] as const satisfies readonly { id: Source | 'all'; label: string }[]
type SourceFilter = (typeof sources)[number]['id']

const sourceBadge: Record<Source, { label: string; variant: 'secondary' | 'info' | 'outline' }> = {
  mqtt: { label: 'MQTT', variant: 'secondary' },
  http: { label: 'HTTP', variant: 'secondary' },
  bulk: { label: 'Bulk push', variant: 'outline' },
  manual: { label: 'Manual', variant: 'info' },
}
const statusText: Record<Reading['status'], string> = {
  ok: 'Measured',
  estimated: 'Estimated',
  manual: 'Entered by hand',
  reset: 'Meter reset',
}

export const READINGS_PAGE_SIZE = 10
/** A page of rows of two lines under the 40px header: the card keeps its size from loading to loaded. */
const TABLE_HEIGHT = READINGS_PAGE_SIZE * 52 + 40

/** The photo's bytes, from the API (same origin unless the build configured a base). */
const photoUrl = (attachmentId: string) =>
  `${client.getConfig().baseUrl ?? ''}/api/v1/attachments/${attachmentId}/content`

/**
 * The unit of the listed measurement: cells read it, so the columns stay module constants. Its
 * figures show the unit's one precision (lib/format), kWh as everywhere else.
 */
const UnitContext = createContext('')

function Value({ reading }: { reading: Reading }) {
  const unit = useContext(UnitContext)
  return <>{formatQuantity(reading.kwh, unit)}</>
}

/** The export register beside the energy reading; a dash when the meter did not send it then. */
const exportText = (reading: Reading) => formatKwh(reading.export_kwh)

function SourceCell({ reading, withPhoto }: { reading: Reading; withPhoto?: boolean }) {
  const badge = sourceBadge[reading.source]
  return (
    <Stack as="span" space="xxs" align="start">
      <Badge size="sm" variant={badge.variant}>
        {badge.label}
      </Badge>
      {withPhoto && reading.attachment_id ? (
        <PhotoCell reading={reading} />
      ) : (
        reading.entered_by_name && (
          <Text size="xs" tone="muted" truncate>
            by {reading.entered_by_name}
          </Text>
        )
      )}
    </Stack>
  )
}

/** How the value was taken, and the note entered with it (whole in its title). */
function StatusCell({ reading }: { reading: Reading }) {
  if (!reading.note) return statusText[reading.status]
  return (
    <Stack as="span" space="xxs" align="start">
      {statusText[reading.status]}
      <Text size="xs" tone="muted" truncate title={reading.note}>
        {reading.note}
      </Text>
    </Stack>
  )
}

function PhotoCell({ reading }: { reading: Reading }) {
  if (!reading.attachment_id) return <Text tone="muted">–</Text>
  return (
    <Link
      href={photoUrl(reading.attachment_id)}
      download
      aria-label={`Download the photo of the reading at ${formatDateTime(reading.timestamp)}`}
    >
      Photo
    </Link>
  )
}

const readAt: TableColumn<Reading> = {
  id: 'timestamp',
  name: 'Read at',
  isRowHeader: true,
  width: '1.4fr',
  minWidth: 170,
  render: (r) => formatDateTime(r.timestamp),
}
const source: TableColumn<Reading> = {
  id: 'source',
  name: 'Source',
  width: '1.2fr',
  minWidth: 120,
  render: (r) => <SourceCell reading={r} />,
}
const photo: TableColumn<Reading> = {
  id: 'photo',
  name: 'Photo',
  width: 80,
  minWidth: 80,
  render: (r) => <PhotoCell reading={r} />,
}
const value: TableColumn<Reading> = {
  id: 'value',
  name: 'Value',
  align: 'end',
  width: '1fr',
  render: (r) => <Value reading={r} />,
}
const exported: TableColumn<Reading> = {
  id: 'export',
  name: 'Export',
  align: 'end',
  width: '1fr',
  render: exportText,
}
const status: TableColumn<Reading> = {
  id: 'status',
  name: 'Status',
  width: '1fr',
  render: (r) => <StatusCell reading={r} />,
}
/**
 * On a phone: how much and when in one column (a two-way meter's export under its import), the
 * photo under the source. Its lines wrap rather than truncate: a plain table sizes its columns by
 * their content, and a line kept whole pushed the Source badge out of a 320 px screen.
 */
const narrowReadAt = (withExport: boolean): TableColumn<Reading> => ({
  ...readAt,
  width: '1.6fr',
  minWidth: 180,
  render: (r) => (
    <Stack as="span" space="xxs" align="start">
      <strong>
        <Value reading={r} />
      </strong>
      {withExport && (
        <Text size="xs">
          Export <Text nowrap>{exportText(r)}</Text>
        </Text>
      )}
      <Text size="xs" tone="muted">
        {formatDateTime(r.timestamp)}
      </Text>
    </Stack>
  ),
})
const narrowSource: TableColumn<Reading> = {
  ...source,
  // As narrow as its badge: the reading's lines get the rest of a phone's width.
  width: '1%',
  minWidth: 104,
  render: (r) => <SourceCell reading={r} withPhoto />,
}
/** The table's columns by screen width, for an import-only meter and a two-way one. */
const COLUMNS: Record<
  'wide' | 'narrow',
  Record<'importOnly' | 'twoWay', TableColumn<Reading>[]>
> = {
  wide: {
    importOnly: [readAt, value, source, status, photo],
    twoWay: [readAt, { ...value, name: 'Import' }, exported, source, status, photo],
  },
  narrow: {
    importOnly: [narrowReadAt(false), narrowSource],
    twoWay: [narrowReadAt(true), narrowSource],
  },
}

export interface ReadingsCardProps {
  deviceId: string
  /** The reading type listed (the overview's `measurement`). */
  measurement: string
}

/** The device's readings of one measurement, newest first, filtered by how they arrived. */
export function ReadingsCard({ deviceId, measurement }: ReadingsCardProps) {
  const narrow = useMediaQuery(styles.NARROW_QUERY)
  const [source, setSource] = useState<SourceFilter>('all')
  const [page, setPage] = useState(1)
  const filters = {
    reading_type_names: [measurement],
    ...(source === 'all' ? {} : { source }),
  }
  const read = (query: { page: number; page_size: number }) => ({
    ...listDeviceReadingsOptions({ path: { id: deviceId }, query: { ...filters, ...query } }),
    ...queryPolicy('realTime'),
  })
  // The server pages oldest first: its total says where the newest rows are.
  const count = useQuery(read({ page: 1, page_size: 1 }))
  const total = count.data?.total ?? 0
  const slice = newestFirstSlice(page, READINGS_PAGE_SIZE, total)
  const pages = useQueries({
    queries: slice.serverPages.map((p) => read({ page: p, page_size: READINGS_PAGE_SIZE })),
  })
  const measurements = useQuery({
    ...listDeviceMeasurementsOptions({ path: { id: deviceId } }),
    ...queryPolicy('regular'),
    meta: { silent: true },
  }).data?.items
  const unit = measurements?.find((m) => m.name === measurement)?.unit
  // An import-only meter (most of them) keeps its table as it was: no column of dashes.
  const withExport =
    measurement === ENERGY && !!measurements?.some((m) => m.name === EXPORT && m.latest_at)
  const queries = [count].concat(pages)
  const failed = queries.find((q) => q.isError)
  const loading = queries.some((q) => q.isPending)
  const rows =
    loading || failed
      ? []
      : pickNewestFirst(
          pages.map((q) => q.data!.items),
          slice,
        )

  const filter = (
    <Select
      aria-label="Source"
      items={sources}
      selectedKey={source}
      onSelectionChange={(key) => {
        setSource(key as SourceFilter)
        setPage(1)
      }}
    >
      {(item) => <SelectItem id={item.id}>{item.label}</SelectItem>}
    </Select>
  )
  return (
    <Card
      title="Readings"
      description={`${measurementName(measurement)} readings, newest first`}
      actions={filter}
    >
      {failed ? (
        <ErrorState
          size="sm"
          title="The readings could not be loaded"
          message={normalizeError(failed.error).message}
          onRetry={() => void Promise.all(queries.map((q) => q.refetch()))}
        />
      ) : !loading && total === 0 ? (
        <EmptyState
          size="sm"
          icon="search"
          title={source === 'all' ? 'No readings yet' : 'No readings from this source'}
          description="Readings a device sends over MQTT or HTTP, bulk pushes and manual entries are listed here."
        />
      ) : (
        <Stack space="md">
          <UnitContext.Provider value={unit ?? (measurement === ENERGY ? 'kWh' : '')}>
            <Table
              aria-label="Readings"
              columns={COLUMNS[narrow ? 'narrow' : 'wide'][withExport ? 'twoWay' : 'importOnly']}
              rows={rows}
              isLoading={loading}
              loadingLabel="Loading readings..."
              emptyHeight={TABLE_HEIGHT}
            />
          </UnitContext.Provider>
          <Pagination
            aria-label="Reading pages"
            page={page}
            pageSize={READINGS_PAGE_SIZE}
            total={total}
            onPageChange={setPage}
          />
        </Stack>
      )}
    </Card>
  )
}
