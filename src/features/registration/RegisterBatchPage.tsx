import { useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { ApiError, createDevicesBatch, invalidate, normalizeError, type Device } from '../../api'
import { Button, Card, EmptyState, FileTrigger, Icon, TextField, buttonClassName } from '../../ui'
import { PageHeader } from '../shared/PageHeader'
import { plural } from '../../lib/plural'
import {
  batchSummary,
  batchTemplate,
  checkBatch,
  readyRows,
  rowErrorsOf,
  type BatchCheck,
} from './batch-rows'
import { downloadText } from './csv'
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
  const [text, setText] = useState('')
  const [check, setCheck] = useState<BatchCheck | null>(null)
  const [checking, setChecking] = useState(false)
  const [checkError, setCheckError] = useState<string | null>(null)
  const [registering, setRegistering] = useState(false)
  const [outcome, setOutcome] = useState<Outcome | null>(null)

  const runCheck = async (csv: string) => {
    setChecking(true)
    setCheckError(null)
    try {
      const fleet = await fetchAllDevices(queryClient)
      setCheck(checkBatch(csv, new Set(fleet.map((d) => d.serial_number.toUpperCase()))))
    } catch (error) {
      setCheckError(
        `Registered serial numbers could not be loaded: ${normalizeError(error).message}`,
      )
    } finally {
      setChecking(false)
    }
  }

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
      setCheck({ ...check, rows })
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
    setCheck(null)
    setText('')
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
      <Card
        title="The file"
        actions={
          <Button
            intent="toolbarAction"
            onPress={() => downloadText(batchTemplate(), 'device-registration-template.csv')}
          >
            <Icon name="download" size="sm" /> Download template
          </Button>
        }
      >
        <div className={styles.form}>
          <div className={styles.row}>
            <FileTrigger
              acceptedFileTypes={['text/csv', '.csv', 'text/plain']}
              onSelect={async (files) => {
                const f = files?.[0]
                if (f) {
                  const t = await f.text()
                  setText(t)
                  setCheck(null)
                  void runCheck(t)
                }
              }}
            >
              <Icon name="upload" size="sm" /> Upload CSV
            </FileTrigger>
            <span className={styles.muted}>or paste it below.</span>
          </div>
          <TextField
            label="CSV"
            multiline
            rows={6}
            value={text}
            onChange={(t) => {
              setText(t)
              setCheck(null)
            }}
          />
          <div className={styles.row}>
            <Button
              intent="formSecondary"
              isDisabled={!text.trim()}
              isPending={checking}
              onPress={() => void runCheck(text)}
            >
              Check rows
            </Button>
          </div>
          {checkError && (
            <p role="alert" className={styles.bad}>
              {checkError}
            </p>
          )}
        </div>
      </Card>
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
