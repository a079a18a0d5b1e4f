import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useMemo } from 'react'
import { listDevicesOptions, normalizeError, queryPolicy } from '~/api'
import {
  Button,
  EmptyState,
  ErrorState,
  Icon,
  Inline,
  Pagination,
  Stack,
  buttonClassName,
} from '~/ui'
import { useSessionUser } from '../auth/use-session'
import { canAccess } from '../auth/roles'
import { PageHeader } from '../shared/PageHeader'
import {
  DEFAULT_PAGE_SIZE,
  PAGE_SIZES,
  listQuery,
  matchesSearch,
  nextSearch,
  toggleSort,
  type DevicesSearch,
} from './device-list'
import { deviceListQuery } from './device-queries'
import { useCalendar } from '../consumption/calendar'
import { DeviceListToolbar } from './DeviceListToolbar'
import { DeviceTable } from './DeviceTable'
import { useSearchText } from './use-search-text'
import { formatNumber } from '~/lib/format'
import { plural } from '~/lib/plural'

export interface DevicesPageProps {
  search: DevicesSearch
  /** Replace the search parameters (the route writes them to the URL). */
  onSearchChange: (next: DevicesSearch) => void
  /** The moment 'last seen' is measured from. @default now */
  now?: Date
}

/** The fleet at a glance: search, filter, sort and page through every device in scope. */
export function DevicesPage({ search, onSearchChange, now }: DevicesPageProps) {
  const user = useSessionUser()
  const change = (partial: Partial<DevicesSearch>) => onSearchChange(nextSearch(search, partial))
  const [text, setText] = useSearchText(search.search, (value) => change({ search: value.trim() }))
  const calendar = useCalendar()
  const list = useQuery({
    ...deviceListQuery(search, calendar.timeZone),
    // The user's zone first: asking in the browser's would fetch the page twice.
    enabled: !calendar.isPending,
    placeholderData: keepPreviousData,
  })
  const offline = useQuery({
    ...listDevicesOptions({ query: { status: 'offline', limit: 1 } }),
    ...queryPolicy('realTime'),
  })

  const items = list.data?.items
  // Until the server answers for the text being typed, narrow the rows already loaded at once.
  const stale = list.isPlaceholderData || text.trim() !== (search.search ?? '')
  const rows = useMemo(
    () => (items && stale ? items.filter((d) => matchesSearch(d, text)) : (items ?? [])),
    [items, stale, text],
  )
  const filtered = Boolean(search.search || search.status || text.trim())
  const canRegister = user ? canAccess(user.role, 'registerDevice') : false
  const total = list.data?.total ?? 0

  return (
    <>
      <PageHeader
        title="Devices"
        lead={
          list.data
            ? fleetSummary(list.data.total, filtered, offline.data?.total)
            : 'Every meter in your scope.'
        }
        actions={canRegister && <HeaderActions />}
      />
      <DeviceListToolbar
        text={text}
        onTextChange={setText}
        search={search}
        onChange={change}
        isFetching={list.isFetching && !list.isPending}
      />
      {list.isError && !list.data ? (
        <ErrorState
          title="Could not load devices"
          message={normalizeError(list.error).message}
          onRetry={() => void list.refetch()}
          isRetrying={list.isFetching}
        />
      ) : !list.isPending && rows.length === 0 ? (
        <NoDevices
          filtered={filtered}
          canRegister={canRegister}
          onClearFilters={() => {
            setText('')
            onSearchChange({ sort: search.sort, order: search.order, pageSize: search.pageSize })
          }}
        />
      ) : (
        // One table from loading to loaded: its header stays put while the first page arrives.
        <Stack space="md">
          <DeviceTable
            devices={rows}
            total={stale ? rows.length : total}
            offset={stale ? 0 : (listQuery(search).skip ?? 0)}
            isLoading={list.isPending}
            sort={search}
            onSort={(key) => change(toggleSort(search, key))}
            now={now}
          />
          {list.data && (
            <Pagination
              aria-label="Device pages"
              page={search.page ?? 1}
              pageSize={search.pageSize ?? DEFAULT_PAGE_SIZE}
              pageSizeOptions={PAGE_SIZES}
              total={total}
              onPageChange={(page) => change({ page })}
              onPageSizeChange={(pageSize) => change({ pageSize })}
            />
          )}
        </Stack>
      )}
    </>
  )
}

function fleetSummary(total: number, filtered: boolean, offline: number | undefined) {
  const devices = plural(total, 'device')
  if (filtered) return `${devices} match the filters.`
  return offline === undefined ? `${devices}.` : `${devices}, ${formatNumber(offline)} offline.`
}

function NoDevices({
  filtered,
  canRegister,
  onClearFilters,
}: {
  filtered: boolean
  canRegister: boolean
  onClearFilters: () => void
}) {
  if (filtered)
    return (
      <EmptyState
        icon="search"
        title="No devices match"
        description="Try another name, serial number or location, or clear the filters."
        action={
          <Button intent="formSecondary" onPress={onClearFilters}>
            Clear filters
          </Button>
        }
      />
    )
  return (
    <EmptyState
      icon="devices"
      title="No devices yet"
      description="Registered meters appear here with their status, latest reading and today's consumption."
      action={
        canRegister && (
          <Link to="/register-device" className={buttonClassName({ intent: 'formPrimary' })}>
            Register a device
          </Link>
        )
      }
    />
  )
}

function HeaderActions() {
  return (
    <Inline space="sm">
      <Link to="/devices/bulk-push" className={buttonClassName({ intent: 'formSecondary' })}>
        <Icon name="upload" size="sm" /> Bulk push
      </Link>
      <Link to="/register-device" className={buttonClassName({ intent: 'formPrimary' })}>
        <Icon name="plus" size="sm" /> Register device
      </Link>
    </Inline>
  )
}
