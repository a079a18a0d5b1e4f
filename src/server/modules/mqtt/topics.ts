/** Where a device publishes its readings (the AsyncAPI document's channel). */
export const readingsTopic = (deviceId: string) => `meterdeck/v1/devices/${deviceId}/readings`

/**
 * Every device's readings topic, shared by the replicas of one deployment (MQTT 5 shared
 * subscription); the group is `meterdeck` unless MQTT_SHARE_GROUP says otherwise.
 */
export const sharedSubscription = (group: string) =>
  `$share/${group}/meterdeck/v1/devices/+/readings`

const READINGS_TOPIC = /^meterdeck\/v1\/devices\/([^/]+)\/readings$/

/** The device id a readings topic names, or null for any other topic. */
export function deviceOfTopic(topic: string): string | null {
  return READINGS_TOPIC.exec(topic)?.[1] ?? null
}
