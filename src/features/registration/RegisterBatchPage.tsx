import { useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { ApiError, createDevicesBatch, invalidate, normalizeError, type Device } from '~/api'
import {
  Button,
  buttonClassName,
  Card,
  ContentBlock,
  EmptyState,
  Inline,
  Stack,
  Table,
  Text,
  type TableColumn,
} from '~/ui'
import { ImportSource } from '../shared/ImportSource'
import { useImportFlow } from '../shared/use-import-flow'
import { PageHeader } from '../shared/PageHeader'
import { downloadText } from '~/lib/download'
import { plural } from '~/lib/plural'
import { createTokens, tokensCsv } from './device-tokens'
import {
  batchSummary,
  batchTemplate,
  checkBatch,
  readyRows,
  rowErrorsOf,
  type BatchRow,
} from './batch-rows'
import { fetchAllDevices } from './fleet-serials'
import { CheckCell } from './CheckCell'
import * as styles from './registration.css'

/** The file's rows, each with its problems or 'Ready'. */
const columns: TableColumn<BatchRow>[] = [
  { id: 'line', name: 'Line', isRowHeader: true, width: 64, render: (r) => String(r.line) },
  { id: 'name', name: 'Name', render: (r) => r.fields.name },
  { id: 'serial_number', name: 'Serial number', render: (r) => r.fields.serial_number },
  { id: 'location', name: 'Location', render: (r) => r.fields.location || '–' },
  { id: 'check', name: 'Check', width: '2fr', render: (r) => <CheckCell errors={r.errors} /> },
]
const rowId = (r: BatchRow) => r.line

const detailOf = (body: unknown) => (body as { detail?: unknown } | null)?.detail

type Outcome =
  { kind: 'done'; devices: Device[]; leftOut: number[] } | { kind: 'refused'; reason: string }

/**
 * Rows are checked first (rules, duplicates in the file and in the fleet); the ready ones are sent
 * as one batch the server stores whole or not at all, and the rows it refuses show its reasons
 * beside the others. Rows with problems are never sent, and the result names them.
 */
export function RegisterBatchPage() {
  const queryClient = useQueryClient()
  const [registering, setRegistering] = useState(false)
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const flow = useImportFlow({
    loadFailure: 'Registered serial numbers could not be loaded',
    check: async (csv) => {
      const fleet = await fetchAllDevices(queryClient)
      return checkBatch(csv, new Set(fleet.map((d) => d.serial_number.toUpperCase())))
    },
  })
  const check = flow.result

  const register = async () => {
    if (!check) return
    const sent = readyRows(check)
    setRegistering(true)
    try {
      const { data } = await createDevicesBatch({
        body: { items: sent.map((r) => r.body) },
        throwOnError: true,
      })
      void invalidate(queryClient, 'listDevices')
      const leftOut = check.rows.filter((r) => !sent.includes(r)).map((r) => r.line)
      setOutcome({ kind: 'done', devices: data.items, leftOut })
    } catch (error) {
      // The server's row indexes count the rows sent.
      const refused = rowErrorsOf(error instanceof ApiError ? detailOf(error.body) : undefined)
      const byLine = new Map([...refused].map(([i, errors]) => [sent[i]?.line, errors]))
      const rows = check.rows.map((r) => ({
        ...r,
        errors: [...r.errors, ...(byLine.get(r.line) ?? [])],
      }))
      const lines = rows.filter((r) => byLine.has(r.line)).map((r) => r.line)
      flow.setResult({ ...check, rows })
      setOutcome({
        kind: 'refused',
        reason: lines.length
          ? `${lines.length === 1 ? 'line' : 'lines'} ${lines.join(', ')} failed the server's checks (see below)`
          : normalizeError(error).message,
      })
    } finally {
      setRegistering(false)
    }
  }

  const ready = check ? readyRows(check).length : 0
  const restart = () => {
    setOutcome(null)
    flow.reset()
  }

  if (outcome?.kind === 'done') {
    return (
      <ContentBlock width="large">
        <Stack space="lg">
          <EmptyState
            icon="checkCircle"
            title={`${plural(outcome.devices.length, 'device')} registered`}
            description={
              outcome.leftOut.length
                ? `They are in the device list now. Not registered (they had problems): ${outcome.leftOut.length === 1 ? 'line' : 'lines'} ${outcome.leftOut.join(', ')}.`
                : 'They are in the device list now.'
            }
            action={
              <Inline space="sm" alignY="center">
                <TokensDownload devices={outcome.devices} />
                <Link to="/devices" className={buttonClassName({ intent: 'formSecondary' })}>
                  Go to devices
                </Link>
                <Button intent="formSecondary" onPress={restart}>
                  Register another batch
                </Button>
              </Inline>
            }
          />
        </Stack>
      </ContentBlock>
    )
  }

  return (
    <ContentBlock width="large">
      <Stack space="lg">
        <PageHeader
          title="Register devices from CSV"
          lead="Columns: name, serial_number (required), location, description, device_model_id, handler."
        />
        {outcome?.kind === 'refused' && (
          <Text as="div" role="alert" tone="critical">
            Nothing was registered: {outcome.reason}.
          </Text>
        )}
        <ImportSource
          flow={flow}
          title="The file"
          uploadLabel="Upload CSV"
          acceptedFileTypes={['text/csv', '.csv', 'text/plain']}
          template={{ fileName: 'device-registration-template.csv', text: batchTemplate }}
          hint="or paste it below."
          fieldLabel="CSV"
        />
        {check && (
          <Card title="Check" description={batchSummary(check)}>
            <Stack space="lg">
              {check.fileErrors.length > 0 && (
                <ul className={styles.errorList}>
                  {check.fileErrors.map((e) => (
                    <li key={e}>{e}</li>
                  ))}
                </ul>
              )}
              <Table
                caption="Devices in the file"
                columns={columns}
                rows={check.rows}
                getRowId={rowId}
                virtualized
                maxHeight="24rem"
              />
              <Inline space="sm" alignY="center">
                <Button
                  intent="formPrimary"
                  isDisabled={ready === 0}
                  isPending={registering}
                  onPress={() => void register()}
                >
                  Register {plural(ready, 'device')}
                </Button>
              </Inline>
            </Stack>
          </Card>
        )}
      </Stack>
    </ContentBlock>
  )
}

/**
 * The new devices' tokens, made and offered once as a CSV download: the file is the only copy
 * (the server keeps hashes), so the button goes once it has been saved.
 */
function TokensDownload({ devices }: { devices: Device[] }) {
  const [state, setState] = useState<'idle' | 'working' | 'saved' | 'failed'>('idle')
  const save = async () => {
    setState('working')
    try {
      const tokens = await createTokens(devices)
      downloadText(tokensCsv(devices, tokens), 'device-tokens.csv')
      setState('saved')
    } catch {
      setState('failed')
    }
  }
  if (state === 'saved')
    return (
      <Text as="p" role="status" tone="positive">
        Tokens saved to device-tokens.csv. They are not shown again: keep the file safe.
      </Text>
    )
  return (
    <>
      <Button intent="formPrimary" isPending={state === 'working'} onPress={() => void save()}>
        Download device tokens (CSV)
      </Button>
      {state === 'failed' && (
        <Text as="p" role="alert" tone="critical">
          The tokens could not be made. Try again, or create them on each device&apos;s settings
          page.
        </Text>
      )}
    </>
  )
}
