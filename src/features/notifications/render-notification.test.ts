import { describe, expect, it } from 'vitest'
import type { Notification } from '~/api'
import { formatOfflineDuration, formatOverage, renderNotification } from './render-notification'
import { templateIdOf, validateParams } from './templates'

const DEVICE_ID = '9e0a7b1c-0000-4000-8000-000000000019'

const offlineParams = {
  device_id: DEVICE_ID,
  device_name: 'Cold storage',
  location: 'Hamburg, Hall 1',
  last_seen: '2026-11-22T07:55:00Z',
  offline_duration_minutes: 125,
}
const thresholdParams = {
  device_id: DEVICE_ID,
  device_name: 'EV chargers',
  location: null,
  threshold_value: 80,
  actual_value: 92.4,
  unit: 'kWh',
  window: 'DAILY',
  timestamp: '2026-11-22T00:00:00Z',
}

const notification = (fields: Partial<Notification>): Notification => ({
  id: 'n1',
  group_id: 'g1',
  device_id: DEVICE_ID,
  title: 'Server title',
  message: 'Server message',
  triggered_at: '2026-11-22T10:00:00Z',
  format_version: 1,
  template: null,
  template_id: null,
  event_type: 'device.offline.v1',
  params: offlineParams,
  ...fields,
})

describe('template selection (spec §4)', () => {
  it('prefers template.id, then template_id, then the event type', () => {
    expect(
      templateIdOf({ template: { id: 'a.v1' }, template_id: 'b.v1', event_type: 'c.v1' }),
    ).toBe('a.v1')
    expect(templateIdOf({ template: null, template_id: 'b.v1', event_type: 'c.v1' })).toBe('b.v1')
    expect(templateIdOf({ template: null, template_id: null, event_type: 'c.v1' })).toBe('c.v1')
  })
  it('derives version 1 from an unversioned event type', () => {
    expect(templateIdOf({ template: null, template_id: null, event_type: 'device.offline' })).toBe(
      'device.offline.v1',
    )
  })
})

describe('param validation messages (spec §5)', () => {
  it.each([
    [
      'device.offline.v1',
      { ...offlineParams, device_id: 'not-a-uuid' },
      'device_id must be a valid UUID',
    ],
    ['device.offline.v1', { ...offlineParams, device_name: '' }, 'device_name is required'],
    ['device.offline.v1', { ...offlineParams, device_name: undefined }, 'device_name is required'],
    [
      'device.offline.v1',
      { ...offlineParams, last_seen: 'yesterday' },
      'last_seen must be a valid ISO 8601 timestamp',
    ],
    [
      'device.offline.v1',
      { ...offlineParams, offline_duration_minutes: -1 },
      'offline_duration_minutes must be non-negative',
    ],
    [
      'consumption.threshold.v1',
      { ...thresholdParams, threshold_value: -5 },
      'threshold_value must be non-negative',
    ],
    [
      'consumption.threshold.v1',
      { ...thresholdParams, actual_value: -0.1 },
      'actual_value must be non-negative',
    ],
    ['consumption.threshold.v1', { ...thresholdParams, unit: '' }, 'unit is required'],
    [
      'consumption.threshold.v1',
      { ...thresholdParams, timestamp: '22/11/2026' },
      'timestamp must be a valid ISO 8601 timestamp',
    ],
  ])('%s: %j gives the spec message', (template, params, expected) => {
    const result = validateParams(template, params)
    expect(result.ok).toBe(false)
    expect(!result.ok && result.errors).toEqual([expected])
  })
  it('names an unknown template', () => {
    expect(validateParams('firmware.update.v1', {})).toEqual({
      ok: false,
      errors: ['Unknown template ID: firmware.update.v1'],
    })
  })
  it('accepts valid params of both templates', () => {
    expect(validateParams('device.offline.v1', offlineParams).ok).toBe(true)
    expect(validateParams('consumption.threshold.v1', thresholdParams).ok).toBe(true)
  })
})

describe('display formats (spec §5)', () => {
  it('shows offline duration in minutes below an hour, else hours and minutes', () => {
    expect(formatOfflineDuration(0)).toBe('0 minutes')
    expect(formatOfflineDuration(1)).toBe('1 minute')
    expect(formatOfflineDuration(45)).toBe('45 minutes')
    expect(formatOfflineDuration(60)).toBe('1h 0m')
    expect(formatOfflineDuration(125)).toBe('2h 5m')
    expect(formatOfflineDuration(1505)).toBe('25h 5m')
  })
  it('shows overage as percent to one decimal, N/A at threshold 0', () => {
    expect(formatOverage(92.4, 80)).toBe('15.5%')
    expect(formatOverage(100, 100)).toBe('0.0%')
    expect(formatOverage(50, 100)).toBe('-50.0%')
    expect(formatOverage(10, 0)).toBe('N/A')
  })
})

describe('rendering with fallback (spec §4)', () => {
  it('renders the offline template with its attributes', () => {
    const rendered = renderNotification(notification({}), new Date('2026-11-22T10:00:00Z'))
    expect(rendered.template).toBe('device.offline.v1')
    expect(rendered.title).toBe('Cold storage is offline')
    expect(rendered.message).toBe('Cold storage (Hamburg, Hall 1) has not reported for 2h 5m.')
    expect(rendered.attributes.slice(0, 2)).toEqual([
      { label: 'Offline for', value: '2h 5m' },
      { label: 'Location', value: 'Hamburg, Hall 1' },
    ])
    expect(rendered.attributes[2]).toEqual({ label: 'Last seen', value: 'about 2 hours ago' })
  })
  it('renders the threshold template with the overage', () => {
    const rendered = renderNotification(
      notification({ template: { id: 'consumption.threshold.v1' }, params: thresholdParams }),
    )
    expect(rendered.title).toBe('EV chargers is above its consumption threshold')
    expect(rendered.attributes[0]).toEqual({ label: 'Over threshold', value: '+15.5%' })
    expect(rendered.attributes[1]).toEqual({ label: 'Consumption', value: '92.40 kWh / 80.00 kWh' })
  })
  it('shows N/A overage at a zero threshold', () => {
    const rendered = renderNotification(
      notification({
        template_id: 'consumption.threshold.v1',
        params: { ...thresholdParams, threshold_value: 0 },
      }),
    )
    expect(rendered.attributes[0]?.value).toBe('N/A')
  })
  it.each([
    ['format_version is not 1', { format_version: 2 }],
    ['the template is unknown', { event_type: 'firmware.update.v1' }],
    ['params are invalid', { params: { ...offlineParams, device_id: 'x' } }],
    ['rendering fails', { params: { ...offlineParams, last_seen: '2026-13-45T99:00:00Z' } }],
  ])('falls back to the plain title and message when %s', (_reason, fields) => {
    const rendered = renderNotification(notification(fields as Partial<Notification>))
    expect(rendered).toMatchObject({
      title: 'Server title',
      message: 'Server message',
      attributes: [],
      template: null,
    })
    expect(rendered.problems.length).toBeGreaterThan(0)
  })
  it("defaults the title to 'Notification'", () => {
    const rendered = renderNotification(notification({ title: '', format_version: 3 }))
    expect(rendered.title).toBe('Notification')
  })
})
