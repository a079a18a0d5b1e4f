import type { DeviceConnection } from '~/api'

/** A word as one shell argument: single quotes, with any single quote closed, escaped, reopened. */
export const shellQuote = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`

/** The shell variable the person sets to the meter's reading before a sample command runs. */
export const READING_VARIABLE = 'KWH'

/**
 * The sample's JSON, one double-quoted shell word the shell fills in when the command runs: the timestamp is the moment it
 * runs (`date -u`), and the reading is `$KWH`, which the person sets first. `${KWH:?...}` makes
 * the shell refuse to run the command while KWH is unset or empty (it must stand in the command
 * itself, not in a `$(...)`, whose failure would only empty the word): a sample must never send a
 * plausible reading of its own (a 0 sent to a live meter was stored as a reset, and the next real
 * reading counted the whole register as consumption: issue 32). A placeholder in the JSON instead
 * would fail only on the server, and over MQTT the person would see no error at all.
 */
export const SAMPLE_PAYLOAD =
  '"{\\"readings\\":[{\\"timestamp\\":\\"$(date -u +%Y-%m-%dT%H:%M:%SZ)\\",' +
  `\\"kwh\\":\${${READING_VARIABLE}:?set ${READING_VARIABLE} to the meter reading in kWh first}}]}"`

/**
 * The line that comes before each command: the person types the meter's reading after `KWH=`.
 * The device's last stored reading is named (as the JSON number it would be, so it pastes as one),
 * so a reading below it, which would count as a meter reset, is not sent by accident.
 */
export function readingLine(lastKwh: number | null | undefined): string {
  const hint =
    lastKwh == null
      ? 'the meter reading now, in kWh'
      : `the meter reading now, in kWh (the last one stored: ${lastKwh})`
  return `${READING_VARIABLE}=  # ${hint}`
}

/** The device publishing one message with Mosquitto's client, QoS 1, as the card shows it. */
export function mosquittoPubCommand(
  connection: DeviceConnection,
  token: string,
  lastKwh?: number | null,
): string {
  const { host, port, topic, username } = connection.mqtt
  const command = [
    'mosquitto_pub',
    `-h ${shellQuote(host ?? 'localhost')}`,
    `-p ${port ?? 1883}`,
    '-q 1',
    `-u ${shellQuote(username)}`,
    `-P ${shellQuote(token)}`,
    `-t ${shellQuote(topic)}`,
    `-m ${SAMPLE_PAYLOAD}`,
  ].join(' ')
  return `${readingLine(lastKwh)}\n${command}`
}

/** The same reading over HTTP with the device token. */
export function curlCommand(
  connection: DeviceConnection,
  token: string,
  lastKwh?: number | null,
): string {
  const command = [
    'curl',
    `-X POST ${shellQuote(connection.http.readings_url)}`,
    `-H ${shellQuote(`Authorization: Bearer ${token}`)}`,
    `-H ${shellQuote('Content-Type: application/json')}`,
    `-d ${SAMPLE_PAYLOAD}`,
  ].join(' ')
  return `${readingLine(lastKwh)}\n${command}`
}
