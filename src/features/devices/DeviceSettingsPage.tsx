import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { deleteDeviceMutation, forget, invalidate, updateDeviceMutation, type Device } from '~/api'
import { Button, Card, ConfirmDialog, Inline } from '~/ui'
import { canAccess } from '../auth/roles'
import { useSessionUser } from '../auth/use-session'
import { useAppServices } from '../shared/use-app-services'
import { ServerForm } from '../shared/ServerForm'
import { useForm } from '../shared/use-form'
import { deviceStatusFields, fieldsOf, toDeviceBody, validateDeviceFields } from './device-fields'
import { ConnectCard } from './ConnectCard'
import { DeviceFrame } from './DeviceFrame'
import { deviceQuery } from './device-queries'
import { IdentityFields, LocationFields, ModelFields } from './DeviceFieldGroups'
import * as styles from './devices.css'

export interface DeviceSettingsPageProps {
  deviceId: string
  /** Where to go once the device is deleted (the route sends the user to /devices). */
  onDeleted: () => void
  /** @default new Date() */
  now?: Date
}

/** Edit every field of a device, or delete it, with the toasts of spec §8. */
export function DeviceSettingsPage({ deviceId, onDeleted, now }: DeviceSettingsPageProps) {
  return (
    <DeviceFrame deviceId={deviceId} tab="Settings" now={now}>
      {(device) => <SettingsBody device={device} onDeleted={onDeleted} />}
    </DeviceFrame>
  )
}

function SettingsBody({ device, onDeleted }: { device: Device; onDeleted: () => void }) {
  const queryClient = useQueryClient()
  const { feedback } = useAppServices()
  const user = useSessionUser()
  const canEdit = user ? canAccess(user.role, 'registerDevice') : false
  const form = useForm(() => fieldsOf(device), validateDeviceFields)
  const [confirming, setConfirming] = useState(false)

  const update = useMutation({
    ...updateDeviceMutation(),
    onSuccess: (updated) => {
      queryClient.setQueryData(deviceQuery(device.id).queryKey, updated)
      form.reset(fieldsOf(updated))
      void invalidate(queryClient, 'listDevices')
      feedback.push({
        severity: 'success',
        title: 'Device settings updated',
        message: 'Changes will propagate across the dashboard shortly.',
      })
    },
    onError: (error) => {
      form.rejectError(error, { statusFields: deviceStatusFields })
      feedback.push({
        severity: 'error',
        title: 'Failed to update device',
        message: 'Please review the form inputs and try again.',
      })
    },
  })
  const remove = useMutation({
    ...deleteDeviceMutation(),
    onSuccess: () => {
      forget(queryClient, 'getDevice', { path: { id: device.id } })
      void invalidate(queryClient, 'listDevices')
      feedback.push({
        severity: 'success',
        title: 'Device deleted',
        message: 'The device has been removed from your inventory.',
      })
      setConfirming(false)
      onDeleted()
    },
    onError: () => {
      setConfirming(false)
      feedback.push({
        severity: 'error',
        title: 'Failed to delete device',
        message: 'Ensure the device is not in use or try again later.',
      })
    },
  })

  const dirty = JSON.stringify(form.values) !== JSON.stringify(fieldsOf(device))
  const groupProps = {
    fields: form.values,
    errors: form.errors.fields,
    onChange: form.patch,
    isDisabled: !canEdit,
  }

  return (
    <>
      <Card
        title="Device settings"
        description={
          canEdit
            ? 'Changes apply as soon as you save.'
            : 'Only administrators can change device settings.'
        }
      >
        <ServerForm
          form={form}
          onSubmit={(fields) =>
            update.mutate({
              path: { id: device.id },
              body: { ...toDeviceBody(fields), group_id: device.group_id },
            })
          }
          aria-label="Device settings"
          className={styles.formWidth}
          // The toast says the rest.
          hideFormError
        >
          <IdentityFields {...groupProps} />
          <LocationFields {...groupProps} />
          <ModelFields {...groupProps} />
          {canEdit && (
            <Inline space="sm" align="end">
              <Button
                intent="formSecondary"
                isDisabled={!dirty || update.isPending}
                onPress={() => form.reset(fieldsOf(device))}
              >
                Discard changes
              </Button>
              <Button
                type="submit"
                intent="formPrimary"
                isPending={update.isPending}
                isDisabled={!dirty}
              >
                Save changes
              </Button>
            </Inline>
          )}
        </ServerForm>
      </Card>
      {canEdit && <ConnectCard device={device} />}
      {canEdit && (
        <Card
          title="Delete device"
          className={styles.dangerZone}
          description="Removes the device with its readings, status history and photos. Notifications already sent stay."
        >
          <Button intent="destructiveAction" onPress={() => setConfirming(true)}>
            Delete device
          </Button>
          <ConfirmDialog
            isOpen={confirming}
            onOpenChange={setConfirming}
            title="Delete device?"
            message={`${device.name} (${device.serial_number}) and all its data will be removed. This cannot be undone.`}
            confirmLabel="Delete device"
            closeOnConfirm={false}
            isPending={remove.isPending}
            onConfirm={() => remove.mutate({ path: { id: device.id } })}
          />
        </Card>
      )}
    </>
  )
}
