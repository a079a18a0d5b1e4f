import { createHmac } from 'node:crypto'
import type { LookupAddress } from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import nodemailer from 'nodemailer'
import type { MailSettings } from '~/server/config.ts'
import type { AlarmWebhookEvent } from '~/api/__generated__/types.gen.ts'
import type { AttemptOutcome, ChannelTarget } from './outbox.ts'
import {
  alarmLink,
  alarmMessage,
  clearedByText,
  deviceLink,
  fullTime,
  labelledValues,
} from './alarm-text.ts'
import { pinnedLookup, type WebhookPolicy } from './webhook-target.ts'

export const MAIL_NOT_CONFIGURED = 'Mail is not configured: the server has no SMTP_URL.'

/**
 * Standard Webhooks' signature: `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`, keyed
 * by the bytes the secret's base64 (after `whsec_`) stands for.
 */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64')
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`
}

const retryable = (status: number) => status >= 500 || status === 408 || status === 429

/** Every failure to reach a receiver reads the same: no port states for an admin to map. */
export const COULD_NOT_DELIVER = 'Could not deliver'

/** What a webhook attempt needs beyond the channel. */
export interface WebhookSend {
  policy: WebhookPolicy
  timeoutMs: number
}

interface Answer {
  status: number
  statusText: string
}

/**
 * One POST to the checked addresses (never re-resolved), without following redirects (a 3xx is
 * an answer like any other: it fails the delivery, the Location is never visited). The body of
 * the answer is discarded unread.
 */
function post(
  url: URL,
  addresses: LookupAddress[],
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
) {
  return new Promise<Answer>((resolve, reject) => {
    const request = (url.protocol === 'https:' ? https : http).request(url, {
      method: 'POST',
      agent: false,
      lookup: pinnedLookup(addresses) as never,
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      signal: AbortSignal.timeout(timeoutMs),
    })
    request.on('response', (response) => {
      response.resume()
      resolve({ status: response.statusCode ?? 0, statusText: response.statusMessage ?? '' })
      response.destroy()
    })
    request.on('error', reject)
    request.end(body)
  })
}

export async function sendWebhook(
  channel: ChannelTarget,
  webhookId: string,
  body: string,
  { policy, timeoutMs }: WebhookSend,
): Promise<AttemptOutcome> {
  const url = new URL(channel.url!)
  const target = await policy.target(url)
  if (!target.ok)
    return {
      ok: false,
      retry: !target.final,
      code: null,
      error: `${COULD_NOT_DELIVER}: ${target.reason}`,
    }
  const timestamp = Math.floor(Date.now() / 1000)
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'MeterDeck-Webhooks/1',
    'webhook-id': webhookId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook(channel.secret!, webhookId, timestamp, body),
  }
  try {
    const answer = await post(url, target.addresses, headers, body, timeoutMs)
    const ok = answer.status >= 200 && answer.status < 300
    return {
      ok,
      retry: !ok && retryable(answer.status),
      code: answer.status,
      error: ok
        ? null
        : `${COULD_NOT_DELIVER}: the receiver answered ${answer.status} ${answer.statusText}`.trim(),
    }
  } catch (error) {
    const timedOut = ['TimeoutError', 'AbortError'].includes((error as Error).name)
    return {
      ok: false,
      retry: true,
      code: null,
      error: timedOut
        ? `${COULD_NOT_DELIVER}: no answer within ${timeoutMs / 1000} s`
        : COULD_NOT_DELIVER,
      detail: (error as { code?: string }).code ?? (error as Error).message,
    }
  }
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  )

const SEVERITY_LABEL: Record<string, string> = {
  critical: 'Critical',
  warning: 'Warning',
  info: 'Info',
}

/** The group a delivery's channel belongs to, as the message names it. */
export interface DeliveryGroup {
  name: string
  timezone: string
}

/**
 * The payload as it goes out: the stored facts of the event, with the text written now in the
 * group's timezone (from the facts and the event's time, so every retry says the same), the
 * group's name and the console links of this server's PUBLIC_URL.
 */
export function renderEvent(
  payload: AlarmWebhookEvent,
  group: DeliveryGroup,
  publicUrl: string | undefined,
): AlarmWebhookEvent {
  const data = { ...payload.data, group_name: group.name, group_timezone: group.timezone }
  const { alarm, device } = payload.data
  if (!alarm || !device) return { ...payload, data }
  const facts = { ...alarm, values: alarm.values as Record<string, unknown> }
  const at = new Date(payload.timestamp)
  const sentence = alarmMessage(facts, group.timezone, at)
  const message =
    payload.type === 'alarm.cleared'
      ? `${device.name}: ${alarm.title} cleared ${clearedByText(facts)}. ${sentence}`
      : sentence
  return {
    ...payload,
    data: {
      ...data,
      message,
      alarm: {
        ...alarm,
        cleared_by_name: alarm.cleared_by_name ?? null,
        url: alarmLink(publicUrl, alarm.id),
      },
      device: { ...device, url: deviceLink(publicUrl, device.id) },
    },
  }
}

/** 'Label:   value' lines, the values in one column. */
const textTable = (rows: Array<[string, string]>) => {
  const width = Math.max(...rows.map(([k]) => k.length)) + 2
  return rows.map(([k, v]) => `${`${k}:`.padEnd(width)}${v}`).join('\n')
}

/** A small HTML document, one element a line, readable as source too. */
const htmlDocument = (title: string, body: string[]) =>
  [
    '<!doctype html>',
    '<html>',
    '<head>',
    '<meta charset="utf-8">',
    `<title>${escapeHtml(title)}</title>`,
    '</head>',
    '<body style="font-family: system-ui, sans-serif; line-height: 1.5">',
    ...body,
    '</body>',
    '</html>',
    '',
  ].join('\n')

/** Subject, plain text and HTML of the e-mail for one rendered event (see renderEvent). */
export function mailContent(event: AlarmWebhookEvent) {
  const { alarm, device, message } = event.data
  const group = event.data.group_name
  const zone = event.data.group_timezone ?? 'UTC'
  if (!alarm || !device) {
    const subject = 'MeterDeck test message'
    const lines = [
      message,
      `This channel works: alarms of the rules that name it come here${group ? ` (group ${group})` : ''}.`,
    ]
    const html = htmlDocument(
      subject,
      lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    )
    return { subject, text: `${lines.join('\n\n')}\n`, html }
  }
  const cleared = event.type === 'alarm.cleared'
  const facts = { ...alarm, values: alarm.values as Record<string, unknown> }
  const severity = SEVERITY_LABEL[alarm.severity] ?? alarm.severity
  const subject = `${cleared ? 'Cleared:' : `[${severity.toUpperCase()}]`} ${alarm.title}: ${device.name}`
  const rows: Array<[string, string]> = [
    ...(group ? [['Group', group] as [string, string]] : []),
    ['Device', device.name],
    ['Alarm', alarm.title],
    ['Rule', alarm.rule_name],
    ['Severity', severity],
    ['Raised', fullTime(new Date(alarm.raised_at), zone)],
    ...(cleared && alarm.cleared_at
      ? [
          ['Cleared', `${fullTime(new Date(alarm.cleared_at), zone)}, ${clearedByText(facts)}`] as [
            string,
            string,
          ],
        ]
      : []),
    ...labelledValues(facts, zone),
  ]
  const alarmUrl = alarm.url ?? null
  const links: Array<[string, string]> = [
    ...(alarmUrl
      ? [
          [cleared ? 'See the alarm' : 'Open the alarm to acknowledge it', alarmUrl] as [
            string,
            string,
          ],
        ]
      : []),
    ...(device.url ? [[`Open ${device.name}`, device.url] as [string, string]] : []),
  ]
  const text = [
    message,
    textTable(rows),
    ...(links.length > 0 ? [links.map(([label, url]) => `${label}: ${url}`).join('\n')] : []),
  ].join('\n\n')
  const html = htmlDocument(subject, [
    `<p>${escapeHtml(message)}</p>`,
    '<table cellpadding="4" cellspacing="0">',
    ...rows.map(
      ([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`,
    ),
    '</table>',
    ...links.map(([label, url]) => `<p><a href="${escapeHtml(url)}">${escapeHtml(label)}</a></p>`),
  ])
  return { subject, text: `${text}\n`, html }
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

/** What sending needs from the server's configuration. */
export interface DeliverySettings {
  mail: MailSettings
  webhooks: WebhookPolicy
}

/** One attempt of one delivery through its channel, its text written now (renderEvent). */
export function sendDelivery(
  channel: ChannelTarget,
  webhookId: string,
  payload: AlarmWebhookEvent,
  { mail, webhooks }: DeliverySettings,
): Promise<AttemptOutcome> {
  const group = { name: channel.group_name, timezone: channel.group_timezone }
  const event = renderEvent(payload, group, mail.publicUrl)
  return channel.type === 'webhook'
    ? sendWebhook(channel, webhookId, JSON.stringify(event), {
        policy: webhooks,
        timeoutMs: mail.timeoutMs,
      })
    : sendMail(channel, event, mail)
}
