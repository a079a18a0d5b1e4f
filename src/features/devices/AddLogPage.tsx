import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ApiError, createManualReadingMutation, formatDetail, invalidate, type Device } from '~/api'
import {
  Button,
  buttonClassName,
  Card,
  Checkbox,
  DateTimeField,
  Inline,
  NumberField,
  PhotoPicker,
  TextField,
  Tiles,
} from '~/ui'
import { ServerForm } from '../shared/ServerForm'
import { useForm } from '../shared/use-form'
import { useAppServices } from '../shared/use-app-services'
import { DeviceFrame } from './DeviceFrame'
import { formatDateTime, formatKwh } from '~/lib/format'
import { validateManualReading } from './manual-reading'
import * as styles from './devices.css'

/** Spec: photos of at most 10 MB (larger answers 413). */
const MAX_PHOTO_BYTES = 10 * 1024 * 1024
const PHOTO_TOO_LARGE = 'The photo is larger than 10 MB.'

/** Where the server's refusals of a reading belong. */
const statusFields = {
  409: ['timestamp', 'A reading for this device already exists at that time.'],
  413: ['photo', PHOTO_TOO_LARGE],
  422: 'kwh',
} as const

const emptyReading = {
  kwh: Number.NaN,
  /** Named as the form field is sent, so the server's refusal of it lands on this field. */
  export_kwh: Number.NaN,
  /** ISO instant, or null for now. */
  timestamp: null as string | null,
  isReset: false,
  note: '',
  photo: null as File | null,
}

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
  const previous =
    device.latest_kwh === null
      ? null
      : { kwh: device.latest_kwh, at: device.summary.last_reading_at }
  const form = useForm(emptyReading, (values) => ({
    ...validateManualReading(values, previous, new Date()),
    photo: values.photo && values.photo.size > MAX_PHOTO_BYTES && PHOTO_TOO_LARGE,
  }))

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
      form.rejectError(error, { statusFields })
      const detail =
        error instanceof ApiError
          ? formatDetail((error.body as { detail?: unknown } | null)?.detail)
          : undefined
      feedback.push({
        severity: 'error',
        title: 'Failed to add reading',
        message: detail ?? 'Please review the form inputs and try again.',
      })
    },
  })

  const submit = ({ kwh, export_kwh, timestamp, isReset, note, photo }: typeof emptyReading) =>
    save.mutate({
      path: { id: device.id },
      body: {
        kwh,
        ...(Number.isFinite(export_kwh) ? { export_kwh } : {}),
        is_reset: isReset,
        ...(timestamp ? { timestamp } : {}),
        ...(note.trim() ? { note: note.trim() } : {}),
        ...(photo ? { photo } : {}),
      },
    })

  return (
    <Card
      title="Add a manual reading"
      description={
        previous
          ? `Previous reading ${formatKwh(previous.kwh)} on ${formatDateTime(previous.at)}.`
          : 'This device has no readings yet.'
      }
    >
      <ServerForm
        form={form}
        onSubmit={submit}
        aria-label="Manual reading"
        className={styles.formWidth}
        // The toast says the rest.
        hideFormError
      >
        <Tiles space="lg" minItemWidth="14rem">
          <NumberField
            label="Meter value (kWh)"
            isRequired
            minValue={0}
            step={0.1}
            formatOptions={{ maximumFractionDigits: 3 }}
            {...form.field('kwh')}
          />
          <NumberField
            label="Export register (kWh)"
            minValue={0}
            step={0.1}
            formatOptions={{ maximumFractionDigits: 3 }}
            description="Two-way meters only: energy fed into the grid."
            {...form.field('export_kwh')}
          />
          <DateTimeField
            label="Read at"
            {...form.field('timestamp')}
            description="Leave empty for now."
          />
        </Tiles>
        <Checkbox
          isSelected={form.values.isReset}
          onChange={form.set('isReset')}
          description="The count restarts from this value; consumption is not lost."
        >
          The meter was reset or replaced
        </Checkbox>
        <TextField
          label="Note"
          maxLength={500}
          {...form.field('note')}
          placeholder="Optional, e.g. read by the caretaker"
        />
        <PhotoPicker
          label="Photo of the meter"
          value={form.values.photo}
          onChange={form.set('photo')}
          errorMessage={form.errors.fields.photo}
        />
        <Inline space="sm" align="end">
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
        </Inline>
      </ServerForm>
    </Card>
  )
}
