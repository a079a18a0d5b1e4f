import fs from 'node:fs'
import path from 'node:path'
import { crc32 } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { imageTypeOf } from './image-type.ts'

const dir = path.resolve(import.meta.dirname, '../../../tests/server/images')
const image = (name: string) => fs.readFileSync(path.join(dir, name))

const PAGE = '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'

describe('imageTypeOf', () => {
  it.each([
    ['baseline.jpg', 'image/jpeg'],
    ['progressive.jpg', 'image/jpeg'],
    ['meter.png', 'image/png'],
    ['meter.gif', 'image/gif'],
    ['meter.bmp', 'image/bmp'],
    ['little-endian.tiff', 'image/tiff'],
    ['big-endian.tiff', 'image/tiff'],
    ['lossy.webp', 'image/webp'],
    ['lossless.webp', 'image/webp'],
    ['extended.webp', 'image/webp'],
    ['meter.heic', 'image/heic'],
    ['meter.avif', 'image/avif'],
  ])('reads %s as %s', (name, type) => {
    expect(imageTypeOf(image(name))).toBe(type)
  })

  it.each([
    'BM',
    'GIF89a',
    'GIF87a',
    '\xff\xd8\xff',
    '\x89PNG\r\n\x1a\n',
    'II*\0',
    'MM\0*',
    'RIFF\x60\0\0\0WEBPVP8 ',
    '\0\0\0\x18ftypheic\0\0\0\0mif1heic',
  ])('refuses an HTML page behind the signature %j', (signature) => {
    expect(imageTypeOf(Buffer.from(signature + PAGE, 'latin1'))).toBeUndefined()
  })

  it('refuses SVG, which can carry script', () => {
    expect(imageTypeOf(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined()
  })

  it.each(fs.readdirSync(dir).filter((name) => !name.endsWith('.md')))(
    'refuses %s cut short to its first 24 bytes',
    (name) => {
      expect(imageTypeOf(image(name).subarray(0, 24))).toBeUndefined()
    },
  )

  it('refuses headers whose dimensions make no sense', () => {
    // A PNG 0 pixels wide, its IHDR CRC made right again.
    const png = Buffer.from(image('meter.png'))
    png.writeUInt32BE(0, 16)
    png.writeUInt32BE(crc32(png.subarray(12, 29)), 29)
    expect(imageTypeOf(png)).toBeUndefined()
    // A PNG whose IHDR was changed without its CRC.
    const tampered = Buffer.from(image('meter.png'))
    tampered.writeUInt32BE(4000, 16)
    expect(imageTypeOf(tampered)).toBeUndefined()
    // A GIF whose logical screen is 0 pixels high.
    const gif = Buffer.from(image('meter.gif'))
    gif.writeUInt16LE(0, 8)
    expect(imageTypeOf(gif)).toBeUndefined()
    // A bitmap claiming more rows than the file holds.
    const bmp = Buffer.from(image('meter.bmp'))
    bmp.writeInt32LE(4000, 22)
    expect(imageTypeOf(bmp)).toBeUndefined()
    // A JPEG frame header with no components.
    const jpeg = Buffer.from(image('baseline.jpg'))
    const frame = jpeg.indexOf(Buffer.from([0xff, 0xc0]))
    jpeg[frame + 9] = 0
    expect(imageTypeOf(jpeg)).toBeUndefined()
  })
})
