/**
 * Alarm fixtures and a small stateful mock of the alarms API for stories: acknowledge and clear
 * change the list, `reset()` puts it back. Times are relative to when the story loads.
 */
import { HttpResponse } from 'msw'
import type { Alarm, AlarmSnooze } from '../api'
import {
  handleAcknowledgeAlarm,
  handleClearAlarm,
  handleEndRuleSnooze,
  handleListAlarms,
  handleListRuleSnoozes,
  handleSnoozeRule,
} from '../api/__generated__/msw.gen'
import { devices, groups, users } from './fixtures'

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString()
const id = (n: number) => `2a7c9e1f-0000-4000-8000-${String(n).padStart(12, '0')}`
const [meter17, meter18, coldStorage] = devices as [
  (typeof devices)[0],
  (typeof devices)[0],
  (typeof devices)[0],
]
const admin = users.find((u) => u.role === 'admin') ?? users[0]!
const group = groups[0]!

const offline = (device: (typeof devices)[0], minutes: number) => ({
  device_id: device.id,
  device_name: device.name,
  location: device.location ?? null,
  last_seen: hoursAgo(minutes / 60 + 1),
  offline_duration_minutes: minutes,
})

const base = {
  group_id: group.id,
  rule_id: '7e1a0c3d-0000-4000-8000-000000000001',
  rule_name: 'Meters offline for 30 minutes',
  alert_type: 'DEVICE_OFFLINE' as const,
  title: 'Device offline',
  acknowledged_at: null,
  acknowledged_by: null,
  acknowledged_by_name: null,
  acknowledgement_note: null,
  cleared_at: null,
  cleared_by: null,
  cleared_by_name: null,
}

export const alarmFixtures: Alarm[] = [
  {
    ...base,
    id: id(1),
    device_id: coldStorage.id,
    severity: 'critical',
    state: 'active',
    message: `${coldStorage.name} has been offline for 45 min.`,
    values: offline(coldStorage, 45),
    raised_at: hoursAgo(1.2),
  },
  {
    ...base,
    id: id(2),
    device_id: meter17.id,
    severity: 'warning',
    state: 'acknowledged',
    message: `${meter17.name} has been offline for 2 h.`,
    values: offline(meter17, 120),
    raised_at: hoursAgo(3.2),
    acknowledged_at: hoursAgo(2.8),
    acknowledged_by: admin.id,
    acknowledged_by_name: admin.full_name,
    acknowledgement_note: 'On my way',
  },
  {
    ...base,
    id: id(3),
    device_id: meter18.id,
    severity: 'warning',
    state: 'cleared',
    message: `${meter18.name} has been offline for 35 min.`,
    values: offline(meter18, 35),
    raised_at: hoursAgo(9.2),
    cleared_at: hoursAgo(7.2),
    cleared_by: 'auto',
  },
]

const ORDER = { active: 0, acknowledged: 1, cleared: 2 }

/** The alarms API over an in-memory list, filtered and sorted as the server does. */
export function alarmsMock(alarms: Alarm[] = alarmFixtures) {
  const initial = () => alarms.map((a) => ({ ...a }))
  let list = initial()
  let snoozes: AlarmSnooze[] = []
  const change = (alarmId: unknown, patch: Partial<Alarm>) => {
    list = list.map((a) => (a.id === alarmId ? { ...a, ...patch } : a))
    return list.find((a) => a.id === alarmId)
  }
  const handlers = [
    handleListAlarms(({ request }) => {
      const url = new URL(request.url)
      const states = url.searchParams.getAll('state')
      const severities = url.searchParams.getAll('severity')
      const device = url.searchParams.get('device_id')
      const items = list
        .filter((a) => states.length === 0 || states.includes(a.state))
        .filter((a) => severities.length === 0 || severities.includes(a.severity))
        .filter((a) => !device || a.device_id === device)
        .sort((a, b) => ORDER[a.state] - ORDER[b.state])
      return HttpResponse.json({ items, total: items.length })
    }),
    handleAcknowledgeAlarm(async ({ params, request }) => {
      const body = (await request.json()) as { note?: string }
      const alarm = change(params.id, {
        state: 'acknowledged',
        acknowledged_at: new Date().toISOString(),
        acknowledged_by: admin.id,
        acknowledged_by_name: admin.full_name,
        acknowledgement_note: body.note ?? null,
      })
      return alarm
        ? HttpResponse.json(alarm)
        : HttpResponse.json({ detail: 'Alarm not found' }, { status: 404 })
    }),
    handleClearAlarm(({ params }) => {
      const alarm = change(params.id, {
        state: 'cleared',
        cleared_at: new Date().toISOString(),
        cleared_by: admin.id,
        cleared_by_name: admin.full_name,
      })
      return alarm
        ? HttpResponse.json(alarm)
        : HttpResponse.json({ detail: 'Alarm not found' }, { status: 404 })
    }),
    handleListRuleSnoozes(({ params }) =>
      HttpResponse.json({ items: snoozes.filter((z) => z.rule_id === params.id) }),
    ),
    handleSnoozeRule(async ({ params, request }) => {
      const body = (await request.json()) as { device_id: string; until: string }
      const snooze: AlarmSnooze = {
        id: `3b4c5d6e-0000-4000-8000-${String(snoozes.length + 1).padStart(12, '0')}`,
        group_id: group.id,
        rule_id: String(params.id),
        device_id: body.device_id,
        until: body.until,
        created_by: admin.id,
        created_at: new Date().toISOString(),
      }
      snoozes = [
        ...snoozes.filter((z) => !(z.rule_id === params.id && z.device_id === body.device_id)),
        snooze,
      ]
      return HttpResponse.json(snooze, { status: 201 })
    }),
    handleEndRuleSnooze(({ params }) => {
      const before = snoozes.length
      snoozes = snoozes.filter(
        (z) => !(z.rule_id === params.id && z.device_id === params.device_id),
      )
      return snoozes.length < before
        ? new HttpResponse(null, { status: 204 })
        : HttpResponse.json({ detail: 'Snooze not found' }, { status: 404 })
    }),
  ]
  return {
    handlers,
    reset: () => {
      list = initial()
      snoozes = []
    },
  }
}
