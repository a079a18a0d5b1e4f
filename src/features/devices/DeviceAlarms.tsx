import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { queryPolicy } from '~/api'
import { Card, Stack } from '~/ui'
import { AlarmCard, openAlarmsOptions } from '../notifications/AlarmsList'
import { useAlarmFocus } from '../notifications/use-alarm-focus'

/** The last open alarm cleared, the card goes: focus to the page's content, not its top. */
const mainLandmark = () => document.getElementById('main')

/**
 * The device's open alarms (active or acknowledged), each with acknowledge, snooze and clear;
 * nothing at all while it has none (the recent notifications card tells the history).
 */
export function DeviceAlarms({ deviceId }: { deviceId: string }) {
  const alarms = useQuery({
    ...openAlarmsOptions(deviceId),
    ...queryPolicy('realTime'),
    meta: { silent: true },
  })
  const focus = useAlarmFocus(alarms.data?.items, mainLandmark)
  const items = alarms.data?.items ?? []
  if (items.length === 0) return null
  return (
    <Card
      title="Active alarms"
      headingLevel={2}
      actions={
        <Link to="/notifications" search={{ tab: 'alarms' }}>
          All alarms
        </Link>
      }
    >
      <Stack as="ul" space="md" aria-label="Active alarms" id={focus.listId}>
        {items.map((alarm, index) => (
          <AlarmCard key={alarm.id} alarm={alarm} onSettled={() => focus.onSettled(alarm, index)} />
        ))}
      </Stack>
    </Card>
  )
}
