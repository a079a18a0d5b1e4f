import { describe, expect, it } from 'vitest'
import {
  describeDevices,
  describeRule,
  emptyRuleForm,
  ruleFormValues,
  checkRule,
  toRuleInput,
  toRulePatch,
  type RuleFormValues,
} from './rule-form'
import type { NotificationRule } from '~/api'

const GROUP = '1b6f0c9a-0000-4000-8000-000000000001'
const values = (fields: Partial<RuleFormValues>): RuleFormValues => ({
  ...emptyRuleForm,
  name: 'Rule',
  ...fields,
})

describe('create-rule form validation', () => {
  it('builds a DEVICE_OFFLINE body for the group', () => {
    expect(checkRule(values({ offline_after_minutes: 30 }))).toEqual({})
    expect(
      toRuleInput(values({ name: '  Offline 30 min ', offline_after_minutes: 30 }), GROUP),
    ).toEqual({
      group_id: GROUP,
      name: 'Offline 30 min',
      device_ids: [],
      severity: 'warning',
      channel_ids: [],
      alert_type: 'DEVICE_OFFLINE',
      offline_after_minutes: 30,
    })
  })
  it('builds a CONSUMPTION_THRESHOLD body without offline fields', () => {
    const result = toRuleInput(
      values({
        alert_type: 'CONSUMPTION_THRESHOLD',
        threshold_value: 80,
        unit: 'kWh',
        window: 'WEEKLY',
      }),
      GROUP,
    )
    expect(result).toEqual({
      group_id: GROUP,
      name: 'Rule',
      device_ids: [],
      severity: 'warning',
      channel_ids: [],
      alert_type: 'CONSUMPTION_THRESHOLD',
      threshold_value: 80,
      unit: 'kWh',
      window: 'WEEKLY',
    })
  })
  it('requires a name of at most 100 characters', () => {
    expect(checkRule(values({ name: '   ' }))).toEqual({ name: 'Enter a name for the rule' })
    expect(checkRule(values({ name: 'x'.repeat(101) }))).toEqual({
      name: 'Use at most 100 characters',
    })
  })
  it.each([
    [Number.NaN, 'Enter the minutes a device may be silent'],
    [4, 'Use at least 5 minutes'],
    [10_081, 'Use at most 10080 minutes (7 days)'],
    [7.5, 'Use whole minutes'],
  ])('refuses %s offline minutes', (minutes, message) => {
    expect(checkRule(values({ offline_after_minutes: minutes }))).toEqual({
      offline_after_minutes: message,
    })
  })
  it('checks threshold fields only for threshold rules', () => {
    const threshold = values({
      alert_type: 'CONSUMPTION_THRESHOLD',
      threshold_value: Number.NaN,
      unit: ' ',
      offline_after_minutes: 1,
    })
    expect(checkRule(threshold)).toEqual({
      threshold_value: 'Enter a threshold',
      unit: 'Enter a unit, e.g. kWh',
    })
    expect(checkRule(values({ alert_type: 'CONSUMPTION_THRESHOLD', threshold_value: -1 }))).toEqual(
      { threshold_value: 'The threshold must be zero or more' },
    )
  })
})

describe('edit-rule form', () => {
  const rule: NotificationRule = {
    id: '4c8e1f2a-3b5d-4e6f-9a0b-7c1d2e3f4a5b',
    group_id: GROUP,
    name: 'Building A daily budget',
    alert_type: 'CONSUMPTION_THRESHOLD',
    is_active: true,
    device_ids: [],
    offline_after_minutes: null,
    threshold_value: 250,
    unit: 'kWh',
    window: 'DAILY',
    created_by: null,
    severity: 'warning',
    channel_ids: [],
    created_at: '2026-03-01T00:00:00Z',
    updated_at: '2026-03-01T00:00:00Z',
    last_triggered_at: null,
    deactivated_reason: null,
  }

  it("starts from the rule's values, defaults for the other alert type's fields", () => {
    expect(ruleFormValues(rule)).toEqual({
      name: 'Building A daily budget',
      alert_type: 'CONSUMPTION_THRESHOLD',
      offline_after_minutes: 30,
      threshold_value: 250,
      unit: 'kWh',
      window: 'DAILY',
      device_ids: [],
      severity: 'warning',
      channel_ids: [],
    })
  })
  it("patches the name and only the fields of the rule's alert type", () => {
    const edited = { ...ruleFormValues(rule), name: ' Budget ', threshold_value: 300 }
    expect(toRulePatch(edited)).toEqual({
      name: 'Budget',
      device_ids: [],
      severity: 'warning',
      channel_ids: [],
      threshold_value: 300,
      unit: 'kWh',
      window: 'DAILY',
    })
    const offline = ruleFormValues({
      ...rule,
      alert_type: 'DEVICE_OFFLINE',
      offline_after_minutes: 45,
      threshold_value: null,
      unit: null,
      window: null,
    })
    expect(toRulePatch(offline)).toEqual({
      name: 'Building A daily budget',
      device_ids: [],
      severity: 'warning',
      channel_ids: [],
      offline_after_minutes: 45,
    })
  })
  it('sends the severity and the channels, on create and edit', () => {
    const edited = { ...ruleFormValues(rule), severity: 'critical' as const, channel_ids: ['c1'] }
    expect(toRulePatch(edited)).toMatchObject({ severity: 'critical', channel_ids: ['c1'] })
    expect(toRuleInput(edited, 'g')).toMatchObject({ severity: 'critical', channel_ids: ['c1'] })
  })
  it('edits the devices a rule watches', () => {
    const edited = { ...ruleFormValues(rule), device_ids: ['a', 'b'] }
    expect(toRulePatch(edited)).toMatchObject({ device_ids: ['a', 'b'] })
  })
  it('refuses what the create form refuses', () => {
    expect(checkRule({ ...ruleFormValues(rule), unit: '' })).toEqual({
      unit: 'Enter a unit, e.g. kWh',
    })
  })
})

describe('rule descriptions', () => {
  it('says when a rule fires and what it watches', () => {
    expect(
      describeRule({
        alert_type: 'DEVICE_OFFLINE',
        offline_after_minutes: 30,
        threshold_value: null,
        unit: null,
        window: null,
      }),
    ).toBe('Alerts after 30 minutes without contact')
    expect(
      describeRule({
        alert_type: 'CONSUMPTION_THRESHOLD',
        offline_after_minutes: null,
        threshold_value: 1200,
        unit: 'kWh',
        window: 'WEEKLY',
      }),
    ).toBe('Alerts above 1,200.00 kWh per week')
    const watching = (ids: string[], reason: string | null = null) => ({
      device_ids: ids,
      deactivated_reason: reason,
    })
    expect(describeDevices(watching([]))).toBe('All devices in the group')
    expect(describeDevices(watching(['a']))).toBe('1 device')
    expect(describeDevices(watching(['a', 'b']))).toBe('2 devices')
    // A rule that lost its last device watches none, not all.
    expect(describeDevices(watching([], 'Its last watched device, M1, was deleted.'))).toBe(
      'No devices',
    )
  })
  it('names the first devices, then counts the rest', () => {
    const names = new Map([
      ['a', 'Main meter'],
      ['b', 'Warehouse north'],
    ])
    const watching = (ids: string[]) => ({ device_ids: ids, deactivated_reason: null })
    expect(describeDevices(watching(['a']), names)).toBe('Main meter')
    expect(describeDevices(watching(['a', 'b']), names)).toBe('Main meter and Warehouse north')
    expect(describeDevices(watching(['a', 'b', 'c']), names)).toBe(
      'Main meter, Warehouse north and 1 more device',
    )
    expect(describeDevices(watching(['a', 'b', 'c', 'd', 'e']), names)).toBe(
      'Main meter, Warehouse north and 3 more devices',
    )
  })
})
