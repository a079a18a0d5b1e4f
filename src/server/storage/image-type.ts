const ascii = (data: Buffer, start: number, end: number) =>
  data.subarray(start, end).toString('latin1')

const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'])

/**
 * The media type of a raster image from its first bytes, or undefined. The declared type of an
 * upload is the sender's claim; serving it back needs the real one (and never SVG, which can
 * carry script).
 */
export function imageTypeOf(data: Buffer): string | undefined {
  if (data.length < 12) return undefined
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg'
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png'
  if (ascii(data, 0, 6) === 'GIF87a' || ascii(data, 0, 6) === 'GIF89a') return 'image/gif'
  if (ascii(data, 0, 4) === 'RIFF' && ascii(data, 8, 12) === 'WEBP') return 'image/webp'
  if (ascii(data, 0, 2) === 'BM') return 'image/bmp'
  if (ascii(data, 0, 4) === 'II*\0' || ascii(data, 0, 4) === 'MM\0*') return 'image/tiff'
  if (ascii(data, 4, 8) === 'ftyp') {
    const brand = ascii(data, 8, 12)
    if (brand === 'avif' || brand === 'avis') return 'image/avif'
    if (HEIF_BRANDS.has(brand)) return 'image/heic'
  }
  return undefined
}
