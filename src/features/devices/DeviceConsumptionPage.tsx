import {
  ConsumptionTab,
  useCancelConsumptionOnLeave,
  type ConsumptionTabProps,
} from '../consumption/ConsumptionTab'
import { DeviceFrame } from './DeviceFrame'

export type DeviceConsumptionPageProps = Omit<ConsumptionTabProps, 'deviceName'>

/** /devices/$deviceId/consumption: the device frame with its consumption tab (spec §7). */
export function DeviceConsumptionPage(props: DeviceConsumptionPageProps) {
  const { now = new Date() } = props
  useCancelConsumptionOnLeave(props.deviceId)
  return (
    <DeviceFrame deviceId={props.deviceId} tab="Consumption" now={now}>
      {(device) => <ConsumptionTab {...props} now={now} deviceName={device.name} />}
    </DeviceFrame>
  )
}
