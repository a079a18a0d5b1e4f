/**
 * The channel form's values (create and edit) and their checks: the contract's limits
 * (openapi.yaml EmailChannelInput / WebhookChannelInput) in the user's words.
 */
import type {
  ChannelDelivery,
  ChannelType,
  NotificationChannel,
  NotificationChannelInput,
  NotificationChannelPatch,
} from '~/api'

export const CHANNEL_NAME_MAX = 100
export const ADDRESSES_MAX = 20
export const URL_MAX = 2000

export const channelTypeLabels: Record<ChannelType, string> = {
  email: 'E-mail',
  webhook: 'Webhook',
}

export interface ChannelFormValues {
  type: ChannelType
  name: string
  /** One or more addresses, separated by commas, spaces or new lines. */
  addresses: string
  url: string
}

export const emptyChannelForm: ChannelFormValues = {
  type: 'webhook',
  name: '',
  addresses: '',
  url: '',
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** 'a@x.org, b@x.org' -> the distinct addresses, in order. */
export function parseAddresses(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).filter(Boolean))]
}

function urlProblem(text: string): string | null {
  const value = text.trim()
  if (!value) return 'Enter the URL that receives the webhooks'
  if (value.length > URL_MAX) return `Use at most ${URL_MAX} characters`
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return 'Enter a full URL such as https://hooks.example.com/meterdeck'
  }
  // Which hosts are allowed (public ones; internal receivers the server names) is the server's
  // to say: its 422 shows on this field.
  if (url.protocol === 'https:' || url.protocol === 'http:') return null
  return 'Use an https URL'
}

function addressesProblem(text: string): string | null {
  const addresses = parseAddresses(text)
  if (addresses.length === 0) return 'Enter at least one e-mail address'
  if (addresses.length > ADDRESSES_MAX) return `Use at most ${ADDRESSES_MAX} addresses`
  const wrong = addresses.find((a) => !EMAIL.test(a) || a.length > 254)
  return wrong ? `“${wrong}” is not an e-mail address such as name@example.com` : null
}

/** The first message per field of the chosen type; none when every field is valid. */
export function checkChannel(values: ChannelFormValues) {
  const name = values.name.trim()
  return {
    name: !name
      ? 'Enter a name for the channel'
      : name.length > CHANNEL_NAME_MAX && `Use at most ${CHANNEL_NAME_MAX} characters`,
    addresses: values.type === 'email' && addressesProblem(values.addresses),
    url: values.type === 'webhook' && urlProblem(values.url),
  }
}

/** The create body for the group, from values that pass `checkChannel`. */
export function toChannelInput(
  values: ChannelFormValues,
  groupId: string,
): NotificationChannelInput {
  const name = values.name.trim()
  return values.type === 'email'
    ? { group_id: groupId, type: 'email', name, addresses: parseAddresses(values.addresses) }
    : { group_id: groupId, type: 'webhook', name, url: values.url.trim() }
}

/** An edit's patch: the name and the fields of the channel's type. */
export function toChannelPatch(values: ChannelFormValues): NotificationChannelPatch {
  const name = values.name.trim()
  return values.type === 'email'
    ? { name, addresses: parseAddresses(values.addresses) }
    : { name, url: values.url.trim() }
}

export function channelFormValues(channel: NotificationChannel): ChannelFormValues {
  return {
    type: channel.type,
    name: channel.name,
    addresses: channel.addresses.join(', '),
    url: channel.url ?? '',
  }
}

/** Where a channel sends: its addresses or its URL. */
export const channelTarget = (channel: NotificationChannel) =>
  channel.type === 'email' ? channel.addresses.join(', ') : (channel.url ?? '')

export const deliveryEventLabels: Record<ChannelDelivery['event'], string> = {
  raise: 'Alarm raised',
  clear: 'Alarm cleared',
  test: 'Test',
}

/**
 * 'Could not deliver: the receiver answered 503 Service Unavailable', 'SMTP 550: ...', 'Mail is
 * not configured': why a delivery failed (the code only when the error does not say it).
 */
export function describeOutcome(
  delivery: Pick<ChannelDelivery, 'status' | 'response_code' | 'error'>,
  type: ChannelType,
): string {
  const code =
    delivery.response_code === null
      ? null
      : `${type === 'email' ? 'SMTP' : 'HTTP'} ${delivery.response_code}`
  if (delivery.status === 'sent')
    return code ? `The receiver answered ${code}.` : 'The message was sent.'
  const saysCode = delivery.error?.includes(String(delivery.response_code))
  return [saysCode ? null : code, delivery.error].filter(Boolean).join(': ') || 'No answer.'
}

/** 'Alarm raised · Freezer room · Meter offline': what a delivery was about. */
export const deliverySubject = (
  delivery: Pick<ChannelDelivery, 'event' | 'device_name' | 'rule_name'>,
) =>
  [deliveryEventLabels[delivery.event], delivery.device_name, delivery.rule_name]
    .filter(Boolean)
    .join(' · ')
