import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { listDevicesOptions, type Device, type NotificationRule } from '../../api'
import { ComboBox, ListBoxItem, Tag, TagGroup } from '../../ui'
import { useSettled } from '../shared/use-settled'
import { describeDevices, NAMED_DEVICES } from './rule-form'
import { formatNumber } from '../../lib/format'

/** Options a search shows: a few dozen, found by the server among any number of devices. */
const SEARCH_LIMIT = 50

/** Names of `ids` (one listDevices call); unknown until they load, and for devices gone. */
export function useDeviceNames(ids: readonly string[]): ReadonlyMap<string, string> {
  const devices = useQuery({
    ...listDevicesOptions({ query: { device_ids: [...ids], limit: Math.max(1, ids.length) } }),
    enabled: ids.length > 0,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  })
  return new Map((devices.data?.items ?? []).map((d) => [d.id, d.name]))
}

/** 'Main meter, Warehouse north and 3 more devices': the first names of a rule's devices. */
export function RuleDeviceSummary({
  rule,
}: {
  rule: Pick<NotificationRule, 'device_ids' | 'deactivated_reason'>
}) {
  const names = useDeviceNames(rule.device_ids.slice(0, NAMED_DEVICES))
  return <>{describeDevices(rule, names)}</>
}

export interface RuleDevicePickerProps {
  /** Chosen device ids; empty means every device of the group. */
  value: readonly string[]
  onChange: (ids: string[]) => void
}

/** Finds devices by name, serial number or location on the server, and keeps the chosen as tags. */
export function RuleDevicePicker({ value, onChange }: RuleDevicePickerProps) {
  const [search, setSearch] = useState('')
  const text = useSettled(search.trim())
  const found = useQuery({
    // The rule's group is the scope the console sends (rules are shown only for a chosen group).
    ...listDevicesOptions({ query: { search: text || undefined, limit: SEARCH_LIMIT } }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  })
  const names = useDeviceNames(value)
  const options = (found.data?.items ?? []).filter((d) => !value.includes(d.id))
  const more = (found.data?.total ?? 0) - (found.data?.items.length ?? 0)
  const chosen = value.map((id) => ({ id, name: names.get(id) ?? 'Loading...' }))
  return (
    <>
      <ComboBox<Device>
        label="Devices"
        placeholder="Search by name, serial number or location"
        items={options}
        inputValue={search}
        onInputChange={setSearch}
        selectedKey={null}
        onSelectionChange={(key) => {
          if (key === null) return
          onChange([...value, String(key)])
          setSearch('')
        }}
        allowsEmptyCollection
        menuTrigger="focus"
        description={
          more > 0
            ? `Showing ${SEARCH_LIMIT} of ${formatNumber(found.data!.total)}: type to narrow the list.`
            : 'Leave empty to watch every device of the group.'
        }
        renderEmptyState={() =>
          found.isPending ? 'Loading devices...' : 'No devices match the search'
        }
      >
        {(device) => (
          <ListBoxItem id={device.id} description={device.location ?? device.serial_number}>
            {device.name}
          </ListBoxItem>
        )}
      </ComboBox>
      <TagGroup
        label="Watched devices"
        items={chosen}
        onRemove={(keys) => onChange(value.filter((id) => !keys.has(id)))}
        renderEmptyState={() => 'All devices of the group'}
      >
        {(device) => <Tag id={device.id}>{device.name}</Tag>}
      </TagGroup>
    </>
  )
}
