import type { NotificationRule } from '~/api'
import { DevicePicker, useDeviceNames } from '../shared/DevicePicker'
import { describeDevices, NAMED_DEVICES } from './rule-form'

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

/** The devices a rule watches (rules are shown only for a chosen group, the scope sent). */
export function RuleDevicePicker(props: RuleDevicePickerProps) {
  return (
    <DevicePicker
      {...props}
      chosenLabel="Watched devices"
      allLabel="All devices of the group"
      description="Leave empty to watch every device of the group."
    />
  )
}
