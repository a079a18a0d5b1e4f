import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { Key } from 'react-aria-components'
import { listDevicesOptions, type Device } from '~/api'
import { ComboBox, ErrorState, ListBoxItem, Tag, TagGroup } from '~/ui'
import { useSettled } from './use-settled'
import { formatNumber } from '~/lib/format'

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

export interface DevicePickerProps {
  /** Chosen device ids; empty means every device of the scope. */
  value: readonly string[]
  onChange: (ids: string[]) => void
  /** Accessible name of the chosen devices' tags ('Watched devices'). */
  chosenLabel: string
  /** What an empty choice means, shown in place of the tags ('All devices of the group'). */
  allLabel: string
  /** Help under the search while every match fits in its list. */
  description?: string
}

/**
 * A multiple choice of devices for groups of any size: the server finds them by name, serial
 * number or location as one types, and the chosen show as tags (Delete or Backspace removes one).
 */
export function DevicePicker({
  value,
  onChange,
  chosenLabel,
  allLabel,
  description,
}: DevicePickerProps) {
  const [search, setSearch] = useState('')
  // The last device picked, while it is still chosen: the combobox's value (see selectedKey).
  const [picked, setPicked] = useState<Key | null>(null)
  const text = useSettled(search.trim())
  // The scope is the one the console sends (the group header), as for every device list.
  const found = useQuery({
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
      {found.isError && !found.data ? (
        <ErrorState
          size="sm"
          title="Devices could not be loaded"
          message="The list of devices to choose from did not load."
          onRetry={() => void found.refetch()}
          isRetrying={found.isFetching}
        />
      ) : (
        <ComboBox<Device>
          label="Devices"
          placeholder="Search by name, serial or location"
          items={options}
          inputValue={search}
          onInputChange={setSearch}
          // The last pick is the combobox's value: react-aria closes a single-choice list when its
          // value changes, so the list closes on every pick (issue 32). The chosen are not among
          // the options, so the field stays an empty search for the next device.
          selectedKey={picked !== null && value.includes(String(picked)) ? picked : null}
          onSelectionChange={(key) => {
            if (key === null) return
            setPicked(key)
            onChange([...value, String(key)])
            setSearch('')
          }}
          allowsEmptyCollection
          // The text is a search, not a value: Escape closes the list and keeps it (reverting
          // it would empty the field).
          allowsCustomValue
          description={
            more > 0
              ? `Showing ${SEARCH_LIMIT} of ${formatNumber(found.data!.total)}: type to narrow the list.`
              : description
          }
          renderEmptyState={() =>
            found.isPending
              ? 'Loading devices...'
              : text
                ? 'No devices match the search'
                : 'No more devices to choose'
          }
        >
          {(device) => (
            <ListBoxItem id={device.id} description={device.location ?? device.serial_number}>
              {device.name}
            </ListBoxItem>
          )}
        </ComboBox>
      )}
      <TagGroup
        label={chosenLabel}
        items={chosen}
        onRemove={(keys) => onChange(value.filter((id) => !keys.has(id)))}
        renderEmptyState={() => allLabel}
      >
        {(device) => <Tag id={device.id}>{device.name}</Tag>}
      </TagGroup>
    </>
  )
}
