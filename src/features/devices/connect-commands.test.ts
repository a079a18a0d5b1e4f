import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import type { DeviceConnection } from '~/api'
import { curlCommand, mosquittoPubCommand, samplePayload, shellQuote } from './connect-commands'

const id = '5d2b8f3a-1c4e-4a7b-8f9d-3e6c1b2a4d57'
const connection: DeviceConnection = {
  device_id: id,
  mqtt: {
    enabled: true,
    mode: 'embedded',
    reason: null,
    host: 'meterdeck.example.com',
    port: 1884,
    topic: `meterdeck/v1/devices/${id}/readings`,
    username: id,
    qos: 1,
  },
  http: { readings_url: `https://meterdeck.example.com/api/v1/devices/${id}/readings` },
}

/** What a POSIX shell makes of a command line's arguments: its words (printed NUL-separated). */
const wordsOf = (args: string) =>
  execFileSync('sh', ['-c', `printf '%s\\0' ${args}`], { encoding: 'utf8' })
    .split('\0')
    .slice(0, -1)

describe('connect commands', () => {
  it('quote every word so a shell passes it through unchanged', () => {
    const word = `it's "a" $HOME \`x\` \\ ;`
    expect(wordsOf(shellQuote(word))).toEqual([word])
  })

  it('publish the sample payload to the device topic with its id and token, QoS 1', () => {
    const payload = samplePayload(new Date('2026-03-14T12:00:00Z'))
    expect(JSON.parse(payload)).toEqual({
      readings: [{ timestamp: '2026-03-14T12:00:00.000Z', kwh: 0 }],
    })
    const words = wordsOf(
      mosquittoPubCommand(connection, "tok'en", payload).replace(/^mosquitto_pub /, ''),
    )
    expect(words).toEqual([
      '-h',
      'meterdeck.example.com',
      '-p',
      '1884',
      '-q',
      '1',
      '-u',
      id,
      '-P',
      "tok'en",
      '-t',
      `meterdeck/v1/devices/${id}/readings`,
      '-m',
      payload,
    ])
  })

  it('post the same payload over HTTP with the token as bearer', () => {
    const payload = samplePayload(new Date('2026-03-14T12:00:00Z'))
    const words = wordsOf(curlCommand(connection, 'abc', payload).replace(/^curl /, ''))
    expect(words).toEqual([
      '-X',
      'POST',
      connection.http.readings_url,
      '-H',
      'Authorization: Bearer abc',
      '-H',
      'Content-Type: application/json',
      '-d',
      payload,
    ])
  })
})
