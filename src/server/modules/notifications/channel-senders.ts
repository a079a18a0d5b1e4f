import { createHmac } from 'node:crypto'
import { isIP } from 'node:net'
import nodemailer from 'nodemailer'
import type { AlarmWebhookEvent } from '~/api/__generated__/types.gen.ts'
import type { AttemptOutcome, ChannelTarget } from './outbox.ts'

/** What the senders need from the server's configuration. */
export interface MailSettings {
  /** `smtp://user:pass@host:587` (STARTTLS when the server offers it) or `smtps://...`. */
  smtpUrl: string | undefined
  mailFrom: string
  /** The console's address, for links to the device; none without PUBLIC_URL. */
  publicUrl: string | undefined
  /** The longest wait for a receiver or mail server. */
  timeoutMs: number
}

export const MAIL_NOT_CONFIGURED = 'Mail is not configured: the server has no SMTP_URL.'

/**
 * Standard Webhooks' signature: `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`, keyed
 * by the bytes the secret's base64 (after `whsec_`) stands for.
 */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64')
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`
}

const LOOPBACK_NAMES = new Set(['localhost', '[::1]'])

/** https anywhere; http only to this machine (tests, a local relay). Null when allowed. */
export function webhookUrlProblem(raw: string): string | null {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return 'Enter a full URL, e.g. https://hooks.example.com/meterdeck'
  }
  if (url.protocol === 'https:') return null
  if (url.protocol !== 'http:') return 'Webhook URLs start with https://'
  const host = url.hostname
  const loopback =
    LOOPBACK_NAMES.has(host) || (isIP(host) === 4 && host.startsWith('127.')) || host === '[::1]'
  return loopback ? null : 'Webhook URLs use https:// (http:// only for loopback addresses)'
}

/** The link to the device in the console, when the server knows its public address. */
export const deviceLink = (publicUrl: string | undefined, deviceId: string) =>
  publicUrl ? `${publicUrl.replace(/\/+$/, '')}/devices/${deviceId}` : null

/** The stored payload with the device link as this server's PUBLIC_URL says. */
export function withDeviceLink(payload: AlarmWebhookEvent, publicUrl: string | undefined) {
  const device = payload.data.device
  if (!device) return payload
  const url = deviceLink(publicUrl, device.id)
  return { ...payload, data: { ...payload.data, device: { ...device, url } } }
}

const retryable = (status: number) => status >= 500 || status === 408 || status === 429

export async function sendWebhook(
  channel: ChannelTarget,
  webhookId: string,
  body: string,
  timeoutMs: number,
): Promise<AttemptOutcome> {
  const timestamp = Math.floor(Date.now() / 1000)
  try {
    const response = await fetch(channel.url!, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'MeterDeck-Webhooks/1',
        'webhook-id': webhookId,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signWebhook(channel.secret!, webhookId, timestamp, body),
      },
      body,
    })
    await response.body?.cancel()
    const ok = response.status >= 200 && response.status < 300
    return {
      ok,
      retry: !ok && retryable(response.status),
      code: response.status,
      error: ok ? null : `The receiver answered ${response.status} ${response.statusText}`.trim(),
    }
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError'
    const cause = (error as { cause?: { code?: string; message?: string } }).cause
    const reason = timedOut
      ? `No answer within ${timeoutMs / 1000} s`
      : `Could not reach the receiver: ${cause?.code ?? cause?.message ?? (error as Error).message}`
    return { ok: false, retry: true, code: null, error: reason }
  }
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  )

const valueText = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v))

/** Subject, plain text and HTML of the e-mail for one event. */
export function mailContent(event: AlarmWebhookEvent) {
  const { alarm, device, message } = event.data
  if (!alarm || !device) {
    const text = `${message}\n\nThis channel works: alarms of the rules that name it come here.`
    return { subject: 'MeterDeck test message', text, html: `<p>${escapeHtml(text)}</p>` }
  }
  const cleared = event.type === 'alarm.cleared'
  const subject = `${cleared ? 'Cleared' : `[${alarm.severity.toUpperCase()}]`} ${alarm.title}: ${device.name}`
  const facts: Array<[string, string]> = [
    ['Device', device.name],
    ['Condition', `${alarm.rule_name} (${alarm.alert_type})`],
    ['Severity', alarm.severity],
    ['Raised', alarm.raised_at],
    ...(cleared ? [['Cleared', alarm.cleared_at ?? '']] : []),
    ...Object.entries(alarm.values)
      .filter(([key]) => key !== 'device_id' && key !== 'device_name')
      .map(([key, v]): [string, string] => [key, valueText(v)]),
  ] as Array<[string, string]>
  const link = device.url ? `\n\nOpen the device: ${device.url}` : ''
  const text = `${message}\n\n${facts.map(([k, v]) => `${k}: ${v}`).join('\n')}${link}\n`
  const rows = facts
    .map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`)
    .join('')
  const anchor = device.url
    ? `<p><a href="${escapeHtml(device.url)}">Open ${escapeHtml(device.name)} in MeterDeck</a></p>`
    : ''
  const html = `<p>${escapeHtml(message)}</p><table>${rows}</table>${anchor}`
  return { subject, text, html }
}

/** A 4xx reply is a temporary refusal in SMTP (retry); 5xx is final. */
export async function sendMail(
  channel: ChannelTarget,
  event: AlarmWebhookEvent,
  settings: MailSettings,
): Promise<AttemptOutcome> {
  if (!settings.smtpUrl) return { ok: false, retry: false, code: null, error: MAIL_NOT_CONFIGURED }
  const transport = nodemailer.createTransport({
    url: settings.smtpUrl,
    connectionTimeout: settings.timeoutMs,
    greetingTimeout: settings.timeoutMs,
    socketTimeout: settings.timeoutMs,
  })
  try {
    const info = await transport.sendMail({
      from: settings.mailFrom,
      to: channel.addresses,
      ...mailContent(event),
    })
    const code = Number.parseInt(String(info.response).slice(0, 3), 10)
    return { ok: true, retry: false, code: Number.isNaN(code) ? null : code, error: null }
  } catch (error) {
    const code = (error as { responseCode?: number }).responseCode ?? null
    return {
      ok: false,
      retry: code === null || code < 500,
      code,
      error: `${code === null ? 'Could not send the e-mail' : 'The mail server refused'}: ${(error as Error).message}`,
    }
  } finally {
    transport.close()
  }
}

/** One attempt of one delivery through its channel. */
export function sendDelivery(
  channel: ChannelTarget,
  webhookId: string,
  payload: AlarmWebhookEvent,
  settings: MailSettings,
): Promise<AttemptOutcome> {
  const event = withDeviceLink(payload, settings.publicUrl)
  return channel.type === 'webhook'
    ? sendWebhook(channel, webhookId, JSON.stringify(event), settings.timeoutMs)
    : sendMail(channel, event, settings)
}
