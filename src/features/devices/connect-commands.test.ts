import { execFileSync, spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import type { DeviceConnection } from '~/api'
import { curlCommand, mosquittoPubCommand, readingLine, shellQuote } from './connect-commands'

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

/**
 * Runs the card's text as a person pasting it into a POSIX shell would, with the program
 * (`mosquitto_pub`, `curl`) replaced by one that prints its arguments NUL-separated.
 */
function paste(text: string, kwh?: string) {
  const filled = kwh === undefined ? text : text.replace(/^KWH=/, `KWH=${kwh}`)
  const script = `${filled.replace(/^(KWH=.*\n)(mosquitto_pub|curl) /m, "$1printf '%s\\0' ")}\n`
  const run = spawnSync('sh', ['-c', script], { encoding: 'utf8', env: { PATH: process.env.PATH } })
  return { status: run.status, stderr: run.stderr, words: run.stdout.split('\0').slice(0, -1) }
}

describe('connect commands', () => {
  it('quote every word so a shell passes it through unchanged', () => {
    const word = `it's "a" $HOME \`x\` \\ ;`
    const words = execFileSync('sh', ['-c', `printf '%s\\0' ${shellQuote(word)}`], {
      encoding: 'utf8',
    })
    expect(words.split('\0').slice(0, -1)).toEqual([word])
  })

  it('refuse to run until the person sets the reading: a sample never sends a value of its own', () => {
    for (const command of [
      mosquittoPubCommand(connection, 'abc', 14_318.2),
      curlCommand(connection, 'abc'),
    ]) {
      const run = paste(command)
      expect(run.status).not.toBe(0)
      expect(run.words).toEqual([])
      expect(run.stderr).toContain('set KWH to the meter reading in kWh first')
    }
  })

  it('publish the reading set, stamped when the command runs, to the device topic, QoS 1', () => {
    const before = Date.now() - 1000
    const run = paste(mosquittoPubCommand(connection, "tok'en", 14_318.2), '14320.5')
    expect(run.status).toBe(0)
    expect(run.words.slice(0, -1)).toEqual([
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
    ])
    const payload = JSON.parse(run.words.at(-1)!) as {
      readings: { timestamp: string; kwh: number }[]
    }
    expect(payload.readings[0]!.kwh).toBe(14_320.5)
    const at = Date.parse(payload.readings[0]!.timestamp)
    expect(at).toBeGreaterThanOrEqual(before)
    expect(at).toBeLessThanOrEqual(Date.now() + 1000)
  })

  it('post the same over HTTP with the token as bearer', () => {
    const run = paste(curlCommand(connection, 'abc'), '7.25')
    expect(run.status).toBe(0)
    expect(run.words.slice(0, -1)).toEqual([
      '-X',
      'POST',
      connection.http.readings_url,
      '-H',
      'Authorization: Bearer abc',
      '-H',
      'Content-Type: application/json',
      '-d',
    ])
    expect(JSON.parse(run.words.at(-1)!)).toMatchObject({ readings: [{ kwh: 7.25 }] })
  })

  it("name the device's last stored reading beside the variable, as a number that pastes", () => {
    expect(readingLine(88_021.4)).toBe(
      'KWH=  # the meter reading now, in kWh (the last one stored: 88021.4)',
    )
    expect(readingLine(null)).toBe('KWH=  # the meter reading now, in kWh')
  })
})
