import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import {
  ApiError,
  createManualReadingMutation,
  formatDetail,
  invalidate,
  type Device,
} from '../../api'
import {
  Button,
  Card,
  Checkbox,
  DateTimeField,
  NumberField,
  PhotoPicker,
  TextField,
  buttonClassName,
} from '../../ui'
import { useAppServices } from '../shared/use-app-services'
import { DeviceFrame } from './DeviceFrame'
import { formatDateTime, formatMeter } from '../../lib/format'
import {
  errorsAfterChange,
  validateManualReading,
  type ManualReadingErrors,
  type ManualReadingInput,
} from './manual-reading'
import * as styles from './devices.css'

/** Spec: photos of at most 10 MB (larger answers 413). */
const MAX_PHOTO_BYTES = 10 * 1024 * 1024

export interface AddLogPageProps {
  deviceId: string
  /** After saving: the route goes to the logs, where the new entry shows. */
  onSaved: () => void
  now?: Date
}

/** A meter value read by hand, with an optional photo as evidence (FIELD 10). */
export function AddLogPage({ deviceId, onSaved, now }: AddLogPageProps) {
  return (
    <DeviceFrame deviceId={deviceId} tab="Logs" now={now}>
      {(device) => <AddLogForm device={device} onSaved={onSaved} />}
    </DeviceFrame>
  )
}

function AddLogForm({ device, onSaved }: { device: Device; onSaved: () => void }) {
  const queryClient = useQueryClient()
  const { feedback } = useAppServices()
  const [kwh, setKwh] = useState(Number.NaN)
  const [timestamp, setTimestamp] = useState<string | null>(null)
  const [isReset, setIsReset] = useState(false)
  const [note, setNote] = useState('')
  const [photo, setPhoto] = useState<File | null>(null)
  const [errors, setErrors] = useState<ManualReadingErrors & { photo?: string }>({})
  const previous =
    device.latest_kwh === null
      ? null
      : { kwh: device.latest_kwh, at: device.summary.last_reading_at }
  // A corrected input loses its message at once, not at the next save.
  const change =
    <K extends keyof ManualReadingInput>(key: K, set: (value: ManualReadingInput[K]) => void) =>
    (value: ManualReadingInput[K]) => {
      set(value)
      const input = { kwh, timestamp, isReset, [key]: value }
      setErrors((shown) => errorsAfterChange(shown, key, input, previous, new Date()))
    }

  const save = useMutation({
    ...createManualReadingMutation(),
    onSuccess: async () => {
      // The device, its readings and its photos all changed: refetch them before showing the logs.
      await invalidate(queryClient, 'all', { path: { id: device.id } })
      feedback.push({
        severity: 'success',
        title: 'Reading added',
        message: 'The manual reading is now in the device logs.',
      })
      onSaved()
    },
    onError: (error) => {
      const status = error instanceof ApiError ? error.status : undefined
      const detail =
        error instanceof ApiError
          ? formatDetail((error.body as { detail?: unknown } | null)?.detail)
          : undefined
      if (status === 409)
        setErrors({ timestamp: 'A reading for this device already exists at that time.' })
      else if (status === 413) setErrors({ photo: 'The photo is larger than 10 MB.' })
      else if (status === 422)
        setErrors({ kwh: detail ?? 'The server did not accept this reading.' })
      feedback.push({
        severity: 'error',
        title: 'Failed to add reading',
        message: detail ?? 'Please review the form inputs and try again.',
      })
    },
  })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const found: typeof errors = validateManualReading(
      { kwh, timestamp, isReset },
      previous,
      new Date(),
    )
    if (photo && photo.size > MAX_PHOTO_BYTES) found.photo = 'The photo is larger than 10 MB.'
    setErrors(found)
    if (Object.keys(found).length > 0) return
    save.mutate({
      path: { id: device.id },
      body: {
        kwh,
        is_reset: isReset,
        ...(timestamp ? { timestamp } : {}),
        ...(note.trim() ? { note: note.trim() } : {}),
        ...(photo ? { photo } : {}),
      },
    })
  }

  return (
    <Card
      title="Add a manual reading"
      description={
        previous
          ? `Previous reading ${formatMeter(previous.kwh)} on ${formatDateTime(previous.at)}.`
          : 'This device has no readings yet.'
      }
    >
      <form className={styles.form} onSubmit={submit} noValidate aria-label="Manual reading">
        <div className={styles.formRow}>
          <NumberField
            label="Meter value (kWh)"
            isRequired
            minValue={0}
            step={0.1}
            formatOptions={{ maximumFractionDigits: 3 }}
            value={kwh}
            onChange={change('kwh', setKwh)}
            isInvalid={Boolean(errors.kwh)}
            errorMessage={errors.kwh}
          />
          <DateTimeField
            label="Read at"
            value={timestamp}
            onChange={change('timestamp', setTimestamp)}
            description="Leave empty for now."
            isInvalid={Boolean(errors.timestamp)}
            errorMessage={errors.timestamp}
          />
        </div>
        <Checkbox
          isSelected={isReset}
          onChange={change('isReset', setIsReset)}
          description="The count restarts from this value; consumption is not lost."
        >
          The meter was reset or replaced
        </Checkbox>
        <TextField
          label="Note"
          value={note}
          onChange={setNote}
          maxLength={500}
          placeholder="Optional, e.g. read by the caretaker"
        />
        <PhotoPicker
          label="Photo of the meter"
          value={photo}
          onChange={(file) => {
            setPhoto(file)
            setErrors(({ photo: _, ...rest }) => rest)
          }}
          errorMessage={errors.photo}
        />
        <div className={styles.formActions}>
          <Link
            to="/devices/$deviceId/logs"
            params={{ deviceId: device.id }}
            className={buttonClassName({ intent: 'formSecondary' })}
          >
            Cancel
          </Link>
          <Button type="submit" intent="formPrimary" isPending={save.isPending}>
            Save reading
          </Button>
        </div>
      </form>
    </Card>
  )
}
