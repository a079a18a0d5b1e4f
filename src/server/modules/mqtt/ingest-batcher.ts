import type { BulkItem, BulkResult } from '../readings/bulk-push.ts'
import type { DeviceReading } from './payload.ts'

/** What became of one message's readings once its batch committed. */
export interface MessageOutcome {
  stored: number
  duplicates: number
  /** Readings the ingest refused (a timestamp in the future, the device gone), with why. */
  refused: Array<{ index: number; reason: string }>
}

/** Writes one batch in one transaction: one result per item, in order. */
export type CommitBatch = (items: BulkItem[]) => Promise<BulkResult[]>

export interface BatcherOptions {
  /** The longest a message waits for others to share its transaction. */
  batchMs: number
  /** A batch closes at this many readings (a bigger message goes alone). */
  batchReadings: number
  /** Batches committing at once; more wait, and grow meanwhile. */
  maxConcurrent: number
}

interface Waiting {
  items: BulkItem[]
  resolve(outcome: MessageOutcome): void
  reject(error: unknown): void
}

/**
 * Groups MQTT messages, across devices, into ingest transactions by time and size: a message
 * waits at most `batchMs` (or until `batchReadings` are waiting), and while `maxConcurrent`
 * batches commit the next one keeps growing, so under load a transaction carries many messages
 * and when idle a message waits only `batchMs`. `submit` resolves after the commit that stored the
 * message (the caller acknowledges it then) and rejects, for every message of it, when the batch
 * fails: nothing of it was stored, and the broker will deliver it again.
 */
export class IngestBatcher {
  private waiting: Waiting[] = []
  private waitingReadings = 0
  private timer: NodeJS.Timeout | undefined
  private running = 0
  private idle: Array<() => void> = []

  constructor(
    private readonly commit: CommitBatch,
    private readonly options: BatcherOptions,
  ) {}

  submit(deviceId: string, readings: readonly DeviceReading[]): Promise<MessageOutcome> {
    return new Promise((resolve, reject) => {
      const items = readings.map((r) => ({ device_id: deviceId, ...r }))
      this.waiting.push({ items, resolve, reject })
      this.waitingReadings += items.length
      if (this.waitingReadings >= this.options.batchReadings) this.flush()
      else this.timer ??= setTimeout(() => this.flush(), this.options.batchMs)
    })
  }

  /** Resolves once nothing waits and nothing commits (for shutdown). */
  drained(): Promise<void> {
    if (this.waiting.length === 0 && this.running === 0) return Promise.resolve()
    return new Promise((resolve) => this.idle.push(resolve))
  }

  private flush(): void {
    clearTimeout(this.timer)
    this.timer = undefined
    while (this.waiting.length > 0 && this.running < this.options.maxConcurrent) {
      void this.run(this.take())
    }
    // Still waiting: the next finished batch flushes again.
  }

  /** The oldest waiting messages, up to batchReadings (at least one message). */
  private take(): Waiting[] {
    const batch: Waiting[] = []
    let readings = 0
    while (this.waiting.length > 0) {
      const next = this.waiting[0]!
      if (batch.length > 0 && readings + next.items.length > this.options.batchReadings) break
      batch.push(this.waiting.shift()!)
      readings += next.items.length
    }
    this.waitingReadings -= readings
    return batch
  }

  private async run(batch: Waiting[]): Promise<void> {
    this.running++
    try {
      const results = await this.commit(batch.flatMap((m) => m.items))
      let offset = 0
      for (const message of batch) {
        message.resolve(outcomeOf(results.slice(offset, offset + message.items.length)))
        offset += message.items.length
      }
    } catch (error) {
      for (const message of batch) message.reject(error)
    } finally {
      this.running--
      if (this.waiting.length > 0) this.flush()
      else if (this.running === 0) this.idle.splice(0).forEach((resolve) => resolve())
    }
  }
}

function outcomeOf(results: BulkResult[]): MessageOutcome {
  const outcome: MessageOutcome = { stored: 0, duplicates: 0, refused: [] }
  results.forEach((result, index) => {
    if (result.status === 'success') outcome.stored++
    else if (result.status === 'duplicate') outcome.duplicates++
    else outcome.refused.push({ index, reason: result.error ?? 'refused' })
  })
  return outcome
}
