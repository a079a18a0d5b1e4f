/**
 * PostgreSQL arrays in binary form, for `$n::type[]` parameters: node-postgres and PGlite send a
 * Buffer (any Uint8Array) as a binary parameter, and the server then copies each element where it
 * would parse text. Ingest sends ~60,000 elements a batch; parsing them as uuid, float8 and
 * timestamp text took longer than anything else the database did before running the statement.
 */
export type ElementType = 'uuid' | 'text' | 'float8' | 'int4' | 'int8' | 'bool' | 'timestamptz'

/** An element: text for uuid and text, a number for the numeric types and timestamptz (epoch ms). */
export type ElementValue = string | number | boolean | null

interface Codec {
  oid: number
  /** Bytes of every element; undefined for text, whose size is its UTF-8 length. */
  size?: number
  write(buffer: Buffer, offset: number, value: never): void
}

/** Milliseconds from the Unix epoch to 2000-01-01, PostgreSQL's timestamp zero. */
const PG_EPOCH_MS = Date.UTC(2000, 0, 1)

const CODECS: Record<ElementType, Codec> = {
  bool: { oid: 16, size: 1, write: (b, o, v: boolean) => void b.writeUInt8(v ? 1 : 0, o) },
  int8: { oid: 20, size: 8, write: (b, o, v: number) => writeInt64(b, o, v) },
  int4: { oid: 23, size: 4, write: (b, o, v: number) => void b.writeInt32BE(v, o) },
  text: { oid: 25, write: (b, o, v: string) => void b.write(v, o, 'utf8') },
  float8: { oid: 701, size: 8, write: (b, o, v: number) => void b.writeDoubleBE(v, o) },
  // Microseconds since 2000-01-01: a millisecond instant is exact. Within 285 years of 2000 it is
  // a safe integer (every reading); beyond, as far as the API accepts (years 1-9999), a BigInt.
  timestamptz: {
    oid: 1184,
    size: 8,
    write: (b, o, v: number) => {
      const micros = (v - PG_EPOCH_MS) * 1000
      if (Number.isSafeInteger(micros)) writeInt64(b, o, micros)
      else b.writeBigInt64BE(BigInt(v - PG_EPOCH_MS) * 1000n, o)
    },
  },
  uuid: { oid: 2950, size: 16, write: (b, o, v: string) => writeUuid(b, o, v) },
}

/** A safe integer as a big-endian int64, without a BigInt per value. */
function writeInt64(buffer: Buffer, offset: number, value: number) {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not a safe integer: ${value}`)
  const high = Math.floor(value / 2 ** 32)
  buffer.writeInt32BE(high, offset)
  buffer.writeUInt32BE(value - high * 2 ** 32, offset + 4)
}

/** The value of each hex digit's char code, -1 for any other character. */
const NIBBLES = Int8Array.from({ length: 128 }, (_, code) => {
  const digit = Number.parseInt(String.fromCharCode(code), 16)
  return Number.isNaN(digit) ? -1 : digit
})
/** Where a canonical uuid's 32 hex digits are: around the dashes at 8, 13, 18 and 23. */
const DIGITS = [...Array(36).keys()].filter((i) => ![8, 13, 18, 23].includes(i))

/** A uuid in its canonical 8-4-4-4-12 text as its 16 bytes; anything else throws. */
function writeUuid(buffer: Buffer, offset: number, text: string) {
  const dashed = text.length === 36 && [8, 13, 18, 23].every((i) => text[i] === '-')
  if (!dashed) throw new TypeError(`Not a canonical uuid: ${JSON.stringify(text)}`)
  for (let byte = 0; byte < 16; byte++) {
    const high = NIBBLES[text.charCodeAt(DIGITS[2 * byte]!)] ?? -1
    const low = NIBBLES[text.charCodeAt(DIGITS[2 * byte + 1]!)] ?? -1
    if (high < 0 || low < 0) throw new TypeError(`Not a canonical uuid: ${JSON.stringify(text)}`)
    buffer[offset + byte] = (high << 4) | low
  }
}

/** `values` as a one-dimensional array of `type` in PostgreSQL's binary format (array_recv). */
export function binaryArray(type: ElementType, values: readonly ElementValue[]): Buffer {
  const codec = CODECS[type]
  const texts =
    codec.size === undefined
      ? values.map((v) => (v === null ? 0 : Buffer.byteLength(String(v))))
      : undefined
  let size = 20
  let nulls = 0
  for (let i = 0; i < values.length; i++) {
    if (values[i] === null) nulls = 1
    else size += codec.size ?? texts![i]!
    size += 4
  }
  const buffer = Buffer.allocUnsafe(size)
  buffer.writeInt32BE(1, 0) // dimensions
  buffer.writeInt32BE(nulls, 4)
  buffer.writeInt32BE(codec.oid, 8)
  buffer.writeInt32BE(values.length, 12)
  buffer.writeInt32BE(1, 16) // lower bound
  let offset = 20
  for (let i = 0; i < values.length; i++) {
    const value = values[i] as ElementValue
    if (value === null) {
      buffer.writeInt32BE(-1, offset)
      offset += 4
      continue
    }
    const length = codec.size ?? texts![i]!
    buffer.writeInt32BE(length, offset)
    codec.write(buffer, offset + 4, (type === 'text' ? String(value) : value) as never)
    offset += 4 + length
  }
  return buffer
}
