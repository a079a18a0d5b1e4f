import { useMemo } from 'react'
import { Select, SelectItem } from '~/ui'
import { timeZoneLabel, timeZones } from './timezones'

export interface TimezoneSelectProps {
  value: string
  onChange: (zone: string) => void
  /** @default 'Timezone' */
  label?: string
  description?: string
  isDisabled?: boolean
}

/** A choice of IANA timezone with today's UTC offset; type to jump (e.g. 'Eur'). */
export function TimezoneSelect({
  value,
  onChange,
  label = 'Timezone',
  description,
  isDisabled,
}: TimezoneSelectProps) {
  const items = useMemo(() => {
    const zones = timeZones()
    // A zone the server has that this browser does not list still shows as chosen.
    return (zones.includes(value) ? zones : [value, ...zones]).map((id) => ({
      id,
      name: timeZoneLabel(id),
    }))
  }, [value])
  return (
    <Select
      label={label}
      description={description}
      items={items}
      selectedKey={value}
      onSelectionChange={(key) => onChange(String(key))}
      isDisabled={isDisabled}
    >
      {(zone) => <SelectItem id={zone.id}>{zone.name}</SelectItem>}
    </Select>
  )
}
