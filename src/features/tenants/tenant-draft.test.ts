import { describe, expect, it } from 'vitest'
import { emptyDraft, stepOfField, toTenantCreate } from './tenant-draft'

const draft = () => {
  const d = emptyDraft('Europe/Berlin')
  d.group = {
    name: '  Riverside Energy ',
    description: ' ',
    timezone: 'Europe/Berlin',
    weekStart: 'monday',
  }
  d.admin = {
    full_name: 'Lena Hoffmann',
    email: 'lena@riverside.example',
    password: 'maple-harbor-signal-19',
  }
  return d
}

describe('toTenantCreate', () => {
  it('builds the one createTenant body with trimmed names, settings and the offline rule', () => {
    expect(toTenantCreate(draft())).toEqual({
      group: { name: 'Riverside Energy', description: null, timezone: 'Europe/Berlin' },
      admin: {
        full_name: 'Lena Hoffmann',
        email: 'lena@riverside.example',
        password: 'maple-harbor-signal-19',
      },
      rules: [
        {
          name: 'Meter offline for 30 minutes',
          alert_type: 'DEVICE_OFFLINE',
          offline_after_minutes: 30,
        },
      ],
      settings: { timezone: 'Europe/Berlin', week_start: 'monday' },
    })
  })

  it('adds a consumption threshold rule and can leave out every rule', () => {
    const d = draft()
    d.rules = {
      offline: false,
      offlineMinutes: 30,
      threshold: true,
      thresholdKwh: 250,
      window: 'WEEKLY',
    }
    expect(toTenantCreate(d).rules).toEqual([
      {
        name: 'Over 250 kWh per week',
        alert_type: 'CONSUMPTION_THRESHOLD',
        threshold_value: 250,
        unit: 'kWh',
        window: 'WEEKLY',
      },
    ])
    d.rules.threshold = false
    expect(toTenantCreate(d).rules).toEqual([])
  })
})

describe('stepOfField', () => {
  it('sends a rejected field back to the step that asks for it', () => {
    expect(stepOfField('group.name')).toBe(0)
    expect(stepOfField('admin.email')).toBe(1)
    expect(stepOfField('rules.0.offline_after_minutes')).toBe(2)
  })
})
