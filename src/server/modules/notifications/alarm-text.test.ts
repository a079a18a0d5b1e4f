import { describe, expect, it } from 'vitest'
import { alarmMessage, labelledValues, type AlarmFacts } from './alarm-text.ts'

const threshold: AlarmFacts = {
  alert_type: 'CONSUMPTION_THRESHOLD',
  title: 'Consumption above threshold',
  state: 'active',
  values: {
    device_name: 'Fleet garage',
    actual_value: 570.4,
    threshold_value: 500,
    unit: 'kWh',
    window: 'DAILY',
    timestamp: '2026-11-27T23:00:00Z',
  },
  raised_at: '2026-11-27T23:01:00Z',
  cleared_at: null,
  cleared_by: null,
}

describe('an alarm writes its figures as the console shows them (issue 32)', () => {
  it('says the consumption and the threshold with two decimals of kWh', () => {
    expect(alarmMessage(threshold, 'Europe/Berlin', new Date('2026-11-28T08:00:00Z'))).toBe(
      'Fleet garage used 570.40 kWh in the day ending 28 Nov 00:00, above the threshold of 500.00 kWh.',
    )
    expect(labelledValues(threshold, 'Europe/Berlin')).toEqual(
      expect.arrayContaining([
        ['Consumption', '570.40 kWh'],
        ['Threshold', '500.00 kWh'],
      ]),
    )
  })
})
