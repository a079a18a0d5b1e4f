import type { DeviceConnection } from '~/api'

/** A word as one shell argument: single quotes, with any single quote closed, escaped, reopened. */
export const shellQuote = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`

/** A reading to paste: the meter at 0 kWh now (a real device sends its register). */
export function samplePayload(now: Date): string {
  return JSON.stringify({ readings: [{ timestamp: now.toISOString(), kwh: 0 }] })
}

/** The device publishing one message with Mosquitto's client, QoS 1, as the card shows it. */
export function mosquittoPubCommand(
  connection: DeviceConnection,
  token: string,
  payload: string,
): string {
  const { host, port, topic, username } = connection.mqtt
  return [
    'mosquitto_pub',
    `-h ${shellQuote(host ?? 'localhost')}`,
    `-p ${port ?? 1883}`,
    '-q 1',
    `-u ${shellQuote(username)}`,
    `-P ${shellQuote(token)}`,
    `-t ${shellQuote(topic)}`,
    `-m ${shellQuote(payload)}`,
  ].join(' ')
}

/** The same readings over HTTP with the device token. */
export function curlCommand(connection: DeviceConnection, token: string, payload: string): string {
  return [
    'curl',
    `-X POST ${shellQuote(connection.http.readings_url)}`,
    `-H ${shellQuote(`Authorization: Bearer ${token}`)}`,
    `-H ${shellQuote('Content-Type: application/json')}`,
    `-d ${shellQuote(payload)}`,
  ].join(' ')
}
