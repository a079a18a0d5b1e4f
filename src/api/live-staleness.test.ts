import { describe, expect, it } from 'vitest'
import type { LiveEventName } from '../common/live-events.ts'
import { LIVE_STALENESS, type StalenessTable } from './live-staleness'

const { reset, ...rest } = LIVE_STALENESS

describe('LIVE_STALENESS', () => {
  it('makes the energy report (the dashboard and reports pages) stale on a reading', () => {
    expect(LIVE_STALENESS.reading.any).toContain('getEnergyReport')
    expect(LIVE_STALENESS.reading.device).toContain('getCumulativeConsumptionToday')
  })

  it('has an entry for every event, and the compiler refuses one that does not fit', () => {
    const names: LiveEventName[] = Object.keys(LIVE_STALENESS) as LiveEventName[]
    expect(names).toHaveLength(8)
    // @ts-expect-error: an event without an entry
    const missing: StalenessTable = rest
    // @ts-expect-error: an entry for an event the stream does not send
    const unknown: StalenessTable = { ...LIVE_STALENESS, 'device.renamed': {} }
    const badOperation: StalenessTable = {
      ...LIVE_STALENESS,
      // @ts-expect-error: an operation without a generated query
      alarm: { any: ['listAlarmz'] },
    }
    const notADevice: StalenessTable = {
      ...LIVE_STALENESS,
      // @ts-expect-error: a device's operations, but the list has no path id
      reading: { device: ['listDevices'] },
    }
    const noDeviceInEvent: StalenessTable = {
      ...LIVE_STALENESS,
      // @ts-expect-error: a notification carries no device_id
      notification: { device: ['getDevice'] },
    }
    expect([missing, unknown, badOperation, notADevice, noDeviceInEvent, reset]).toHaveLength(6)
  })
})
