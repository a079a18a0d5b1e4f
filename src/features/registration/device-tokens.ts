import { createDeviceCredentials, type Device } from '~/api'
import { toCsv } from '~/common/csv'

/** Requests at once while making a batch's tokens. */
const AT_ONCE = 4

/**
 * A token for each device (createDeviceCredentials), in the devices' order. Any failure rejects:
 * a file missing some devices' tokens would be mistaken for the whole batch.
 */
export async function createTokens(devices: readonly Device[]): Promise<string[]> {
  const tokens: string[] = new Array(devices.length)
  let next = 0
  const worker = async () => {
    while (next < devices.length) {
      const i = next++
      const { data } = await createDeviceCredentials({
        path: { id: devices[i]!.id },
        throwOnError: true,
      })
      tokens[i] = data.token
    }
  }
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, devices.length) }, worker))
  return tokens
}

/** The tokens file: one line per device, its id being the MQTT user name and the token the password. */
export function tokensCsv(devices: readonly Device[], tokens: readonly string[]): string {
  return toCsv([
    ['device_id', 'name', 'serial_number', 'token'],
    ...devices.map((d, i) => [d.id, d.name, d.serial_number, tokens[i]]),
  ])
}
