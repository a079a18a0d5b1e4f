import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { bulkPushReadings, invalidate, normalizeError, type BulkPushItem } from '~/api'
import {
  Button,
  Card,
  ContentBlock,
  Icon,
  Inline,
  ProgressBar,
  Stack,
  Table,
  Text,
  type TableColumn,
} from '~/ui'
import { ImportSource } from '../shared/ImportSource'
import { ImportInputError, useImportFlow } from '../shared/use-import-flow'
import { PageHeader } from '../shared/PageHeader'
import { bulkTemplate, checkPush, chunk, pushSummary, readInput, type PushRow } from './bulk-rows'
import { fetchAllDevices } from './fleet-serials'
import { CheckCell } from './CheckCell'

/** Items per request: progress moves often, and one failed request costs little to retry. */
const CHUNK = 500

interface ItemResult {
  status: 'success' | 'duplicate' | 'error'
  reason?: string
}
type Results = ReadonlyMap<number, ItemResult>

const orDash = (text: string) => text || '–'
const head: TableColumn<PushRow, Results>[] = [
  { id: 'row', name: 'Row', isRowHeader: true, width: 64, render: (r) => String(r.index) },
  { id: 'device', name: 'Device', render: (r) => orDash(r.device) },
  { id: 'timestamp', name: 'Timestamp', render: (r) => orDash(r.timestamp) },
  { id: 'kwh', name: 'kWh', width: 96, render: (r) => orDash(r.kwh) },
]
const exportColumn: TableColumn<PushRow, Results> = {
  id: 'export_kwh',
  name: 'Export kWh',
  width: 96,
  render: (r) => orDash(r.exportKwh),
}
const resultColumn: TableColumn<PushRow, Results> = {
  id: 'result',
  name: 'Result',
  width: '2fr',
  render: (r, results) => {
    const result = results.get(r.index)
    if (!result) return <CheckCell errors={r.errors} />
    if (result.status === 'error') return <CheckCell errors={[result.reason ?? 'Not stored']} />
    return (
      <CheckCell errors={[]} result={result.status === 'success' ? 'Stored' : 'Already stored'} />
    )
  },
}
/**
 * The input's rows, each with its problems or what the server did with it (`results`); an Export
 * column only for input with an export register (import-only meters keep the table they had).
 */
const importColumns = [...head, resultColumn]
const twoWayColumns = [...head, exportColumn, resultColumn]
const rowId = (r: PushRow) => r.index

/** Push readings for many devices: check every row, push in chunks with progress, retry the failed. */
export function BulkPushPage() {
  const queryClient = useQueryClient()
  const [results, setResults] = useState<Map<number, ItemResult>>(new Map())
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null)
  const flow = useImportFlow({
    loadFailure: 'Devices could not be loaded',
    check: (text) => {
      setResults(new Map())
      const { raws, error } = readInput(text)
      if (error) throw new ImportInputError(error)
      return fetchAllDevices(queryClient).then((fleet) =>
        checkPush(raws, new Map(fleet.map((d) => [d.serial_number.toUpperCase(), d.id]))),
      )
    },
  })
  const rows = flow.result

  const push = async (targets: PushRow[]) => {
    const next = new Map(results)
    const batches = chunk(targets, CHUNK)
    setProgress({ done: 0, total: targets.length })
    let done = 0
    for (const batch of batches) {
      try {
        const { data } = await bulkPushReadings({
          body: { items: batch.map((r) => r.item as BulkPushItem) },
          throwOnError: true,
        })
        data.results.forEach((r) =>
          next.set(batch[r.index]!.index, { status: r.status, reason: r.error ?? undefined }),
        )
      } catch (error) {
        const reason = normalizeError(error).message
        batch.forEach((r) => next.set(r.index, { status: 'error', reason }))
      }
      done += batch.length
      setProgress({ done, total: targets.length })
      setResults(new Map(next))
    }
    setProgress(null)
    void invalidate(queryClient, 'all')
  }

  const valid = rows?.filter((r) => r.item) ?? []
  const withExport = rows?.some((r) => r.exportKwh !== '') ?? false
  const invalid = (rows?.length ?? 0) - valid.length
  const failed = valid.filter((r) => results.get(r.index)?.status === 'error')
  const counts = countResults(results)

  return (
    <ContentBlock width="large">
      <Stack space="lg">
        <PageHeader
          title="Bulk push readings"
          lead="Cumulative kWh readings for many devices, as CSV or JSON. Every row is checked before anything is sent."
        />
        <ImportSource
          flow={flow}
          title="Readings"
          uploadLabel="Upload CSV or JSON"
          acceptedFileTypes={['text/csv', '.csv', 'application/json', '.json', 'text/plain']}
          template={{ fileName: 'bulk-push-template.csv', text: bulkTemplate }}
          hint="Columns: serial_number or device_id, timestamp (ISO 8601 with zone), kwh, optional export_kwh (two-way meters), status and reading_type."
          fieldLabel="Readings"
        />
        {rows && (
          <Card
            title="Check and push"
            description={pushSummary(valid.length, invalid, results.size > 0)}
          >
            <Stack space="lg">
              <Table
                caption="Readings in the input"
                columns={withExport ? twoWayColumns : importColumns}
                rows={rows}
                getRowId={rowId}
                context={results}
                virtualized
                maxHeight="24rem"
              />
              {progress && (
                <ProgressBar
                  label="Pushing readings"
                  value={progress.done}
                  maxValue={progress.total}
                  valueLabel={`${progress.done} of ${progress.total}`}
                />
              )}
              {results.size > 0 && !progress && (
                <Text as="p" role="status" size="sm" tone="muted">
                  {counts.success} stored, {counts.duplicate} already stored, {counts.error} failed.
                </Text>
              )}
              <Inline space="sm" alignY="center">
                <Button
                  intent="formPrimary"
                  isDisabled={valid.length === 0 || results.size > 0}
                  isPending={progress !== null}
                  onPress={() => void push(valid)}
                >
                  Push {valid.length} readings
                </Button>
                {failed.length > 0 && !progress && (
                  <Button intent="formSecondary" onPress={() => void push(failed)}>
                    <Icon name="refresh" size="sm" /> Retry {failed.length} failed
                  </Button>
                )}
              </Inline>
            </Stack>
          </Card>
        )}
      </Stack>
    </ContentBlock>
  )
}

function countResults(results: Map<number, ItemResult>) {
  const counts = { success: 0, duplicate: 0, error: 0 }
  for (const r of results.values()) counts[r.status]++
  return counts
}
