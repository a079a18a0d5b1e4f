import { crc32 } from 'node:zlib'

/**
 * The media type of a raster image, decided by decoding its header, not by its first bytes alone:
 * `BM` or `GIF89a` followed by an HTML page must not pass as an image. Each format's header is
 * walked as a decoder would (PNG's IHDR and its CRC, JPEG's markers up to the frame header, GIF's
 * blocks up to the first image, the RIFF, BMP, TIFF and ISO-BMFF structures) and its dimensions
 * must make sense for the format. The pixels are not decoded: that is the viewer's work.
 *
 * Probe libraries were weighed and not taken: image-size 2.1 reads BMP and GIF dimensions at
 * fixed offsets after the magic bytes (`BM` + HTML gives 1819112552 x 1868708926) and file-type
 * 22 matches magic bytes only.
 */
export function imageTypeOf(data: Buffer): string | undefined {
  const format = FORMATS.find((f) => f.magic(data))
  if (!format) return undefined
  try {
    return format.probe(data)
  } catch (error) {
    // A read past the end: the header is cut short.
    if (error instanceof RangeError) return undefined
    throw error
  }
}

interface Format {
  magic: (data: Buffer) => boolean
  /** The media type when the header holds together, or undefined; may throw RangeError. */
  probe: (data: Buffer) => string | undefined
}

const ascii = (data: Buffer, start: number, end: number) =>
  data.subarray(start, end).toString('latin1')

/** Both dimensions whole, at least 1 and at most the format's `max`. */
const sized = (width: number, height: number, max: number) =>
  Number.isInteger(width) &&
  Number.isInteger(height) &&
  width >= 1 &&
  height >= 1 &&
  width <= max &&
  height <= max

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
/** Bit depths allowed per PNG colour type (PNG spec, table 11.1). */
const PNG_DEPTHS: Record<number, number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
}

/** The first chunk is a 13-byte IHDR whose CRC is right, with a valid depth and colour type. */
function png(data: Buffer): string | undefined {
  if (data.readUInt32BE(8) !== 13 || ascii(data, 12, 16) !== 'IHDR') return undefined
  if (crc32(data.subarray(12, 29)) !== data.readUInt32BE(29)) return undefined
  const [depth, colour, compression, filter, interlace] = data.subarray(24, 29)
  const fields =
    PNG_DEPTHS[colour!]?.includes(depth!) && compression === 0 && filter === 0 && interlace! <= 1
  const ok = fields && sized(data.readUInt32BE(16), data.readUInt32BE(20), 2 ** 31 - 1)
  return ok ? 'image/png' : undefined
}

/** Start-of-frame markers: baseline, extended, progressive, lossless, arithmetic (not DHT, JPG, DAC). */
const JPEG_FRAMES = new Set([
  0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf,
])

/** Marker segments chained by their lengths from SOI up to a frame header with sane fields. */
function jpeg(data: Buffer): string | undefined {
  let i = 2
  for (;;) {
    if (data[i] !== 0xff) return undefined
    while (data[i] === 0xff) i++ // fill bytes
    const marker = data[i++]
    // Before the frame only table, application and comment segments may come.
    if (marker === undefined || marker < 0xc0 || (marker >= 0xd0 && marker <= 0xda))
      return undefined
    const length = data.readUInt16BE(i)
    if (length < 2) return undefined
    if (JPEG_FRAMES.has(marker)) {
      const precision = data[i + 2]!
      const components = data[i + 7]!
      const frame =
        precision >= 2 && precision <= 16 && components >= 1 && components <= 4
          ? length === 8 + 3 * components && data.length >= i + length
          : false
      return frame && sized(data.readUInt16BE(i + 5), data.readUInt16BE(i + 3), 65_535)
        ? 'image/jpeg'
        : undefined
    }
    i += length
  }
}

const gifColourTable = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 7) + 1) : 0)

/** The logical screen, then extension blocks up to the first image descriptor and its data. */
function gif(data: Buffer): string | undefined {
  const width = data.readUInt16LE(6)
  const height = data.readUInt16LE(8)
  let i = 13 + gifColourTable(data[10]!)
  for (;;) {
    const block = data[i]
    if (block === 0x21) {
      // Extension: label, then data sub-blocks (a size byte each) up to an empty one.
      i += 2
      for (let size = data[i]; size !== 0; size = data[i]) {
        if (size === undefined) return undefined
        i += size + 1
      }
      i++
    } else if (block === 0x2c) {
      const frame = sized(data.readUInt16LE(i + 5), data.readUInt16LE(i + 7), 65_535)
      const codeSize = data[i + 10 + gifColourTable(data[i + 9]!)]
      // LZW code sizes up to 11: what browsers' decoders take (the spec's 2-8, and a few more).
      const lzw = codeSize !== undefined && codeSize >= 1 && codeSize <= 11
      return frame && lzw && sized(width, height, 65_535) ? 'image/gif' : undefined
    } else {
      // The trailer (no image at all) or anything that is not a GIF block.
      return undefined
    }
  }
}

/** The RIFF holds its first chunk, a VP8 key frame, a VP8L or a VP8X header with sane fields. */
function webp(data: Buffer): string | undefined {
  const riffEnd = 8 + data.readUInt32LE(4)
  const chunk = ascii(data, 12, 16)
  const chunkEnd = 20 + data.readUInt32LE(16)
  if (riffEnd > data.length || chunkEnd > riffEnd) return undefined
  let ok = false
  if (chunk === 'VP8 ') {
    const keyFrame = (data[20]! & 1) === 0
    const startCode = data[23] === 0x9d && data[24] === 0x01 && data[25] === 0x2a
    const size = sized(data.readUInt16LE(26) & 0x3fff, data.readUInt16LE(28) & 0x3fff, 16_383)
    ok = keyFrame && startCode && size && chunkEnd >= 30
  } else if (chunk === 'VP8L') {
    const bits = data.readUInt32LE(21)
    ok = data[20] === 0x2f && bits >>> 29 === 0 && chunkEnd >= 25
  } else if (chunk === 'VP8X') {
    const reserved = data[20]! & 0xc1
    const width = data.readUIntLE(24, 3) + 1
    const height = data.readUIntLE(27, 3) + 1
    ok = reserved === 0 && chunkEnd >= 30 && width * height <= 2 ** 32 - 1
  }
  return ok ? 'image/webp' : undefined
}

/** DIB header sizes: core (12), OS/2 2.x (16, 64), info (40) and its V2-V5 (52, 56, 108, 124). */
const BMP_HEADERS = new Set([12, 16, 40, 52, 56, 64, 108, 124])
const BMP_DEPTHS = new Set([1, 2, 4, 8, 16, 24, 32, 64])

/** A known DIB header, one plane, a known depth, and the rows of uncompressed pixels present. */
function bmp(data: Buffer): string | undefined {
  const pixels = data.readUInt32LE(10)
  const header = data.readUInt32LE(14)
  if (!BMP_HEADERS.has(header) || pixels < 14 + header || pixels > data.length) return undefined
  const core = header === 12
  const width = core ? data.readUInt16LE(18) : data.readInt32LE(18)
  const height = Math.abs(core ? data.readInt16LE(20) : data.readInt32LE(22))
  const planes = data.readUInt16LE(core ? 22 : 26)
  const depth = data.readUInt16LE(core ? 24 : 28)
  const compression = core ? 0 : data.readUInt32LE(30)
  // JPEG- and PNG-compressed bitmaps (4, 5) say 0 bits per pixel.
  const depthOk = BMP_DEPTHS.has(depth) || (depth === 0 && (compression === 4 || compression === 5))
  if (planes !== 1 || !depthOk || compression > 13 || !sized(width, height, 2 ** 31 - 1))
    return undefined
  // Uncompressed rows (RGB, bit fields) are padded to 4 bytes; they must all be there.
  const uncompressed = compression === 0 || compression === 3 || compression === 6
  const rowBytes = Math.ceil((width * depth) / 32) * 4
  return !uncompressed || rowBytes * height <= data.length - pixels ? 'image/bmp' : undefined
}

/** The first image file directory lies in the file and gives a width and a length. */
function tiff(data: Buffer): string | undefined {
  const le = data[0] === 0x49
  const u16 = (at: number) => (le ? data.readUInt16LE(at) : data.readUInt16BE(at))
  const u32 = (at: number) => (le ? data.readUInt32LE(at) : data.readUInt32BE(at))
  const ifd = u32(4)
  if (ifd < 8) return undefined
  const entries = u16(ifd)
  if (entries === 0 || ifd + 2 + 12 * entries + 4 > data.length) return undefined
  const size: Record<number, number> = {}
  for (let k = 0; k < entries; k++) {
    const at = ifd + 2 + 12 * k
    const tag = u16(at)
    if (tag !== 256 && tag !== 257) continue
    const type = u16(at + 2)
    // ImageWidth and ImageLength: one SHORT or LONG each.
    if (u32(at + 4) !== 1 || (type !== 3 && type !== 4)) return undefined
    size[tag] = type === 3 ? u16(at + 8) : u32(at + 8)
  }
  return sized(size[256] ?? 0, size[257] ?? 0, 2 ** 32 - 1) ? 'image/tiff' : undefined
}

interface Box {
  type: string
  /** Where the box's content starts and where the box ends. */
  start: number
  end: number
}

/** The boxes in [start, end); throws RangeError when one claims more room than there is. */
function* boxes(data: Buffer, start: number, end: number): Generator<Box> {
  for (let at = start; at < end;) {
    let size = data.readUInt32BE(at)
    let header = 8
    if (size === 1) {
      size = Number(data.readBigUInt64BE(at + 8))
      header = 16
    } else if (size === 0) size = end - at
    if (size < header || at + size > end) throw new RangeError('box outside its parent')
    yield { type: ascii(data, at + 4, at + 8), start: at + header, end: at + size }
    at += size
  }
}

const child = (data: Buffer, parent: Pick<Box, 'start' | 'end'>, type: string) => {
  for (const box of boxes(data, parent.start, parent.end)) if (box.type === type) return box
  return undefined
}

const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'])

/**
 * HEIC and AVIF (ISO base media files): a whole `ftyp` naming an image brand, and the item
 * properties of the top-level `meta` giving an image's spatial extent (`ispe`).
 */
function isoImage(data: Buffer): string | undefined {
  const ftypEnd = data.readUInt32BE(0)
  if (ftypEnd < 16 || ftypEnd % 4 !== 0 || ftypEnd > data.length) return undefined
  const brands = [ascii(data, 8, 12)]
  for (let at = 16; at < ftypEnd; at += 4) brands.push(ascii(data, at, at + 4))
  const type = brands.some((b) => b === 'avif' || b === 'avis')
    ? 'image/avif'
    : brands.some((b) => HEIF_BRANDS.has(b))
      ? 'image/heic'
      : undefined
  if (!type) return undefined
  const meta = child(data, { start: ftypEnd, end: data.length }, 'meta')
  // meta is a full box: version and flags come first.
  const iprp = meta && child(data, { start: meta.start + 4, end: meta.end }, 'iprp')
  const ipco = iprp && child(data, iprp, 'ipco')
  const ispe = ipco && child(data, ipco, 'ispe')
  if (!ispe || ispe.end - ispe.start < 12) return undefined
  const size = sized(
    data.readUInt32BE(ispe.start + 4),
    data.readUInt32BE(ispe.start + 8),
    2 ** 32 - 1,
  )
  return size ? type : undefined
}

const FORMATS: Format[] = [
  { magic: (d) => d.subarray(0, 8).equals(PNG_SIGNATURE), probe: png },
  { magic: (d) => d[0] === 0xff && d[1] === 0xd8 && d[2] === 0xff, probe: jpeg },
  { magic: (d) => ['GIF87a', 'GIF89a'].includes(ascii(d, 0, 6)), probe: gif },
  { magic: (d) => ascii(d, 0, 4) === 'RIFF' && ascii(d, 8, 12) === 'WEBP', probe: webp },
  { magic: (d) => ascii(d, 0, 2) === 'BM', probe: bmp },
  { magic: (d) => ['II*\0', 'MM\0*'].includes(ascii(d, 0, 4)), probe: tiff },
  { magic: (d) => ascii(d, 4, 8) === 'ftyp', probe: isoImage },
]
