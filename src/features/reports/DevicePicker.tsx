import { useQuery } from '@tanstack/react-query'
import { DialogTrigger } from 'react-aria-components'
import { Button, Icon, ListBox, ListBoxItem, PopoverDialog } from '../../ui'
import { fleetQuery } from '../shared/fleet-query'
import * as styles from './reports.css'

export interface DevicePickerProps {
  /** Chosen device ids; empty means every device in scope. */
  value: readonly string[]
  onChange: (ids: string[]) => void
}

/** Which devices a report covers: all in scope, or the ones ticked. */
export function DevicePicker({ value, onChange }: DevicePickerProps) {
  // The fleet list the dashboard fetches too (same query), offered for multiple choice.
  const fleet = useQuery(fleetQuery())
  const devices = fleet.data?.items ?? []
  const label =
    value.length === 0
      ? 'All devices in scope'
      : value.length === 1
        ? (devices.find((d) => d.id === value[0])?.name ?? '1 device')
        : `${value.length} devices`
  return (
    <DialogTrigger>
      <Button intent="formSecondary" aria-label={`Devices: ${label}`}>
        <Icon name="devices" size="sm" /> {label} <Icon name="chevronDown" size="sm" />
      </Button>
      <PopoverDialog aria-label="Choose devices" placement="bottom start">
        <ListBox
          aria-label="Devices"
          className={styles.deviceList}
          items={devices}
          selectionMode="multiple"
          // Escape closes the popover instead of silently clearing the choice.
          escapeKeyBehavior="none"
          selectedKeys={new Set(value)}
          onSelectionChange={(keys) => onChange(keys === 'all' ? [] : [...keys].map(String))}
          renderEmptyState={() => (fleet.isPending ? 'Loading devices...' : 'No devices in scope')}
        >
          {(device) => (
            <ListBoxItem id={device.id} description={device.location ?? device.serial_number}>
              {device.name}
            </ListBoxItem>
          )}
        </ListBox>
        <div className={styles.popoverActions}>
          <Button
            intent="listItemAction"
            onPress={() => onChange([])}
            isDisabled={value.length === 0}
          >
            All devices
          </Button>
        </div>
      </PopoverDialog>
    </DialogTrigger>
  )
}
