import { useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { ApiError, createDevicesBatch, invalidate, normalizeError, type Device } from '../../api'
import { Button, Card, EmptyState, buttonClassName } from '../../ui'
import { ImportSource } from '../shared/ImportSource'
import { useImportFlow } from '../shared/use-import-flow'
import { PageHeader } from '../shared/PageHeader'
import { plural } from '../../lib/plural'
import { batchSummary, batchTemplate, checkBatch, readyRows, rowErrorsOf } from './batch-rows'
import { fetchAllDevices } from './fleet-serials'
import { RowTable } from './RowTable'
import * as styles from './registration.css'

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
      <div className={styles.page}>
        <EmptyState
          icon="checkCircle"
          title={`${plural(outcome.devices.length, 'device')} registered`}
          description={
            outcome.leftOut.length
              ? `They are in the device list now. Not registered (they had problems): ${outcome.leftOut.length === 1 ? 'line' : 'lines'} ${outcome.leftOut.join(', ')}.`
              : 'They are in the device list now.'
          }
          action={
            <div className={styles.row}>
              <Link to="/devices" className={buttonClassName({ intent: 'formPrimary' })}>
                Go to devices
              </Link>
              <Button intent="formSecondary" onPress={restart}>
                Register another batch
              </Button>
            </div>
          }
        />
      </div>
    )
  }

  return (
    <div className={styles.page}>
      <PageHeader
        title="Register devices from CSV"
        lead="Columns: name, serial_number (required), location, description, device_model_id, handler."
      />
      {outcome?.kind === 'refused' && (
        <div role="alert" className={styles.bad}>
          Nothing was registered: {outcome.reason}.
        </div>
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
          <div className={styles.form}>
            {check.fileErrors.length > 0 && (
              <ul className={styles.errorList}>
                {check.fileErrors.map((e) => (
                  <li key={e}>{e}</li>
                ))}
              </ul>
            )}
            <RowTable
              caption="Devices in the file"
              columns={['Line', 'Name', 'Serial number', 'Location', 'Check']}
              rows={check.rows.map((r) => ({
                key: String(r.line),
                cells: [
                  String(r.line),
                  r.fields.name,
                  r.fields.serial_number,
                  r.fields.location || '–',
                ],
                errors: r.errors,
              }))}
            />
            <div className={styles.row}>
              <Button
                intent="formPrimary"
                isDisabled={ready === 0}
                isPending={registering}
                onPress={() => void register()}
              >
                Register {plural(ready, 'device')}
              </Button>
            </div>
          </div>
        </Card>
      )}
    </div>
  )
}
