import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import {
  getDeviceStatusSummaryOptions,
  listDeviceStatusOptions,
  normalizeError,
  queryPolicy,
} from '~/api'
import {
  Box,
  Card,
  EmptyState,
  ErrorState,
  Inline,
  Pagination,
  ResponsiveStatusTimeline,
  Select,
  SelectItem,
  SkeletonText,
  Stack,
  Stat,
  Text,
  Tiles,
} from '~/ui'
import { DeviceFrame } from './DeviceFrame'
import { DeviceStatusBadge } from './DeviceStatusBadge'
import { WidgetBody } from '../shared/WidgetBody'
import { formatDateTime, formatNumber } from '~/lib/format'
import { toSegments } from './status-segments'
import * as styles from './devices.css'

const windows = [
  { id: '1h', label: 'Last hour' },
  { id: '24h', label: 'Last 24 hours' },
  { id: '7d', label: 'Last 7 days' },
  { id: '30d', label: 'Last 30 days' },
] as const
type StatusWindow = (typeof windows)[number]['id']
const PAGE_SIZE = 50

/** Availability over a chosen window, the timeline of status changes, and their history page by page. */
export function DeviceStatusPage({ deviceId, now = new Date() }: { deviceId: string; now?: Date }) {
  const [span, setSpan] = useState<StatusWindow>('24h')
  const [page, setPage] = useState(1)
  const summary = useQuery({
    ...getDeviceStatusSummaryOptions({ path: { id: deviceId }, query: { window: span } }),
    ...queryPolicy('realTime'),
  })
  const history = useQuery({
    ...listDeviceStatusOptions({ path: { id: deviceId }, query: { page, page_size: PAGE_SIZE } }),
    ...queryPolicy('realTime'),
    placeholderData: keepPreviousData,
  })
  const s = summary.data
  return (
    <DeviceFrame deviceId={deviceId} tab="Status" now={now}>
      {() => (
        <>
          <Card
            title="Availability"
            actions={
              <Select
                aria-label="Window"
                items={windows}
                selectedKey={span}
                onSelectionChange={(key) => setSpan(key as StatusWindow)}
              >
                {(item) => <SelectItem id={item.id}>{item.label}</SelectItem>}
              </Select>
            }
          >
            {summary.isError ? (
              <ErrorState
                size="sm"
                title="The summary could not be loaded"
                message={normalizeError(summary.error).message}
                onRetry={() => void summary.refetch()}
              />
            ) : (
              <Tiles space="lg" minItemWidth="10rem">
                <Stat
                  label="Online"
                  isLoading={summary.isPending}
                  value={formatNumber(s && s.online_ratio * 100, { decimals: 1 })}
                  unit="%"
                />
                <Stat
                  label="Status changes"
                  isLoading={summary.isPending}
                  value={s?.transitions ?? '–'}
                />
                <Stat
                  label="Down"
                  isLoading={summary.isPending}
                  value={s?.downtime_minutes ?? '–'}
                  unit="min"
                />
                <Stack space="xxs" align="start">
                  <span className={styles.figureLabel}>Now</span>
                  {s ? <DeviceStatusBadge status={s.current_status} /> : <SkeletonText lines={1} />}
                </Stack>
              </Tiles>
            )}
          </Card>
          <Box display="flex" flexDirection="column" gap="lg" marginTop="lg">
            <Card title="Status history">
              <WidgetBody
                query={history}
                what="the status history"
                loading={<SkeletonText lines={4} />}
                error={(error) => ({
                  size: 'sm',
                  title: 'The status history could not be loaded',
                  message: normalizeError(error).message,
                })}
                empty={
                  history.data?.items.length === 0 && (
                    <EmptyState
                      size="sm"
                      icon="wifiOff"
                      title="No status changes recorded"
                      description="Changes between online and offline appear here."
                    />
                  )
                }
              >
                {({ items, total }) => (
                  <>
                    <ResponsiveStatusTimeline data={toSegments(items, now)} height={72} />
                    <Stack as="ul" space="none" dividers aria-label="Status changes">
                      {items.map((entry) => (
                        <Box
                          as="li"
                          display="flex"
                          flexDirection="column"
                          gap="xxs"
                          paddingY="sm"
                          fontSize="sm"
                          key={entry.id}
                        >
                          <Inline as="span" space="sm" alignY="center">
                            <DeviceStatusBadge status={entry.status} size="sm" />{' '}
                            {formatDateTime(entry.timestamp)}
                          </Inline>
                          {entry.reason && (
                            <Text size="xs" tone="muted">
                              {entry.reason}
                            </Text>
                          )}
                        </Box>
                      ))}
                    </Stack>
                    <Pagination
                      aria-label="Status pages"
                      page={page}
                      pageSize={PAGE_SIZE}
                      total={total}
                      onPageChange={setPage}
                    />
                  </>
                )}
              </WidgetBody>
            </Card>
          </Box>
        </>
      )}
    </DeviceFrame>
  )
}
