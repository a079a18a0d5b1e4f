import type { Logger } from 'pino'
import type { IngestBatcher } from './ingest-batcher.ts'
import { parsePayload } from './payload.ts'

/** Counters of what arrived over MQTT since start (shown by getMqttStatus... and log lines). */
export interface MqttCounters {
  messages: number
  readingsStored: number
  readingsDuplicate: number
  readingsRefused: number
  malformed: number
  /** Publishes refused because the topic was not the device's own. */
  wrongTopic: number
  failedBatches: number
}

export const emptyCounters = (): MqttCounters => ({
  messages: 0,
  readingsStored: 0,
  readingsDuplicate: 0,
  readingsRefused: 0,
  malformed: 0,
  wrongTopic: 0,
  failedBatches: 0,
})

/** How a message ended: acknowledge it (stored, or malformed and never storable) or not. */
export type Disposition = 'ack' | 'malformed'

/**
 * One device message, from either transport: validated against the contract, handed to the
 * batcher, resolved after its batch committed. A malformed payload resolves at once as
 * `malformed` (logged with its reason and counted): it can never be stored, so the transport
 * acknowledges it rather than have it redelivered forever. A failed batch rejects: the transport
 * must not acknowledge, so the broker delivers it again (ingest is idempotent).
 */
export function messageIngest(batcher: IngestBatcher, counters: MqttCounters, log: Logger) {
  return async (deviceId: string, topic: string, payload: Buffer): Promise<Disposition> => {
    counters.messages++
    const parsed = parsePayload(payload)
    if (!parsed.ok) {
      counters.malformed++
      log.warn(
        {
          logger: 'mqtt',
          device_id: deviceId,
          topic,
          reason: parsed.reason,
          malformed_total: counters.malformed,
        },
        `Refused a malformed MQTT payload from device ${deviceId}: ${parsed.reason}`,
      )
      return 'malformed'
    }
    try {
      const outcome = await batcher.submit(deviceId, parsed.readings)
      counters.readingsStored += outcome.stored
      counters.readingsDuplicate += outcome.duplicates
      if (outcome.refused.length > 0) {
        counters.readingsRefused += outcome.refused.length
        log.warn(
          { logger: 'mqtt', device_id: deviceId, refused: outcome.refused.slice(0, 5) },
          `Refused ${outcome.refused.length} of ${parsed.readings.length} MQTT readings from device ${deviceId}: ${outcome.refused[0]!.reason}`,
        )
      }
      return 'ack'
    } catch (error) {
      counters.failedBatches++
      log.error(
        { logger: 'mqtt', device_id: deviceId, err: error },
        'An MQTT ingest batch failed; its messages stay unacknowledged and will be delivered again',
      )
      throw error
    }
  }
}

export type MessageIngest = ReturnType<typeof messageIngest>
