import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState, type RefObject } from 'react'
import {
  createDeviceCredentialsMutation,
  deleteDeviceCredentialsMutation,
  getDeviceConnectionOptions,
  getLatestDeviceReadingOptions,
  invalidate,
  isNotFound,
  normalizeError,
  queryPolicy,
  type Device,
  type DeviceConnection,
  type Reading,
} from '~/api'
import { formatAgo, formatDateTime, formatKwh } from '~/lib/format'
import { sprinkles } from '~/styles'
import {
  Badge,
  Button,
  Card,
  CodeBlock,
  ConfirmDialog,
  DescriptionList,
  Inline,
  Skeleton,
  Spinner,
  Stack,
  Text,
} from '~/ui'
import { useAppServices } from '../shared/use-app-services'
import { WidgetBody } from '../shared/WidgetBody'
import { curlCommand, mosquittoPubCommand } from './connect-commands'
import { deviceQuery } from './device-queries'

/** How often the live check asks for the device's latest reading while it waits. */
export const FIRST_MESSAGE_POLL_MS = 2000

export interface ConnectCardProps {
  /** The device as the page has it; the card follows its live copy (last use, latest reading). */
  device: Device
  /** A token made for the device just now (registration): shown at once. @default null */
  issuedToken?: string | null
  /** @default new Date() */
  now?: Date
}

/** A token just made: shown this once, with the latest reading id it waits to see replaced. */
interface Issued {
  token: string
  /** The latest reading's id when the token was made (null: none yet). */
  before: number | null
  /** Made by pressing Create or Rotate: focus goes to it (the button pressed may be gone). */
  focus: boolean
}

/**
 * The device's Connect card: whether it has a token and when it was last used, create, rotate and
 * revoke (with a confirmation); right after creating or rotating, the token and ready-to-paste
 * `mosquitto_pub` and `curl` commands, then a live check until the first message arrives.
 */
export function ConnectCard({ device: given, now, issuedToken = null }: ConnectCardProps) {
  const queryClient = useQueryClient()
  const { feedback } = useAppServices()
  // The device query the live stream refreshes on each reading (features/live): "Not used yet"
  // turns into "Last used..." when the first message arrives, on any page the card is on.
  const live = useQuery({
    ...deviceQuery(given.id),
    placeholderData: given,
    meta: { silent: true },
  })
  const device = live.data ?? given
  const [issued, setIssued] = useState<Issued | null>(() =>
    issuedToken ? { token: issuedToken, before: null, focus: false } : null,
  )
  const [confirming, setConfirming] = useState<'rotate' | 'revoke' | null>(null)
  const [revoked, setRevoked] = useState(false)
  const connection = useQuery({
    ...getDeviceConnectionOptions({ path: { id: device.id } }),
    ...queryPolicy('config'),
  })
  const refresh = () => invalidate(queryClient, 'getDevice', { path: { id: device.id } })

  const create = useMutation({
    ...createDeviceCredentialsMutation(),
    onSuccess: async ({ token }) => {
      const latest = await queryClient
        .fetchQuery({ ...getLatestDeviceReadingOptions({ path: { id: device.id } }), staleTime: 0 })
        .catch((error: unknown) => (isNotFound(error) ? null : Promise.reject(error)))
        .catch(() => null)
      setIssued({ token, before: latest?.id ?? null, focus: true })
      setRevoked(false)
      setConfirming(null)
      void refresh()
    },
    onError: (error) => {
      setConfirming(null)
      feedback.push({
        severity: 'error',
        title: 'Failed to create the token',
        message: normalizeError(error).message,
      })
    },
  })
  const revoke = useMutation({
    ...deleteDeviceCredentialsMutation(),
    onSuccess: () => {
      setIssued(null)
      setRevoked(true)
      setConfirming(null)
      void refresh()
    },
    onError: (error) => {
      setConfirming(null)
      feedback.push({
        severity: 'error',
        title: 'Failed to revoke the token',
        message: normalizeError(error).message,
      })
    },
  })
  const hasToken = (device.has_token || issued !== null) && !revoked

  return (
    <Card
      className={sprinkles({ marginTop: 'xl' })}
      title="Connect"
      description="How this device sends its readings: over MQTT or HTTP, with its own access token."
    >
      <Stack space="md">
        <Text as="p" tone="muted">
          {hasToken ? (
            <>
              <Badge variant="brand">Token active</Badge>{' '}
              {device.token_last_used_at
                ? `Last used ${formatAgo(device.token_last_used_at, now)}.`
                : 'Not used yet.'}
            </>
          ) : (
            <>
              <Badge variant="outline">No token</Badge>{' '}
              {revoked
                ? 'Token revoked: the device can no longer send readings until you create a new token.'
                : 'Create a token for the device to send readings on its own.'}
            </>
          )}
        </Text>
        <Inline space="sm">
          {hasToken ? (
            <>
              <Button intent="formSecondary" onPress={() => setConfirming('rotate')}>
                Rotate token
              </Button>
              <Button intent="destructiveAction" onPress={() => setConfirming('revoke')}>
                Revoke token
              </Button>
            </>
          ) : (
            <Button
              intent="formPrimary"
              isPending={create.isPending}
              onPress={() => create.mutate({ path: { id: device.id } })}
            >
              Create token
            </Button>
          )}
        </Inline>
        <WidgetBody
          query={connection}
          what="the connection details"
          loading={<Skeleton height="4rem" />}
          error={(error) => ({
            title: 'Connection details unavailable',
            message: normalizeError(error).message,
          })}
        >
          {(data) => <Instructions connection={data} issued={issued} device={device} />}
        </WidgetBody>
      </Stack>
      <ConfirmDialog
        isOpen={confirming === 'rotate'}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Rotate token?"
        message={`A new token replaces the current one, which stops working at once: ${device.name} must be given the new token.`}
        confirmLabel="Rotate token"
        closeOnConfirm={false}
        isPending={create.isPending}
        onConfirm={() => create.mutate({ path: { id: device.id } })}
      />
      <ConfirmDialog
        isOpen={confirming === 'revoke'}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Revoke token?"
        message={`${device.name} can no longer send readings until you create a new token.`}
        confirmLabel="Revoke token"
        closeOnConfirm={false}
        isPending={revoke.isPending}
        onConfirm={() => revoke.mutate({ path: { id: device.id } })}
      />
    </Card>
  )
}

function Instructions({
  connection,
  issued,
  device,
}: {
  connection: DeviceConnection
  issued: Issued | null
  device: Device
}) {
  const { mqtt } = connection
  const tokenRef = useRef<HTMLPreElement>(null)
  useFocusWhenIssued(tokenRef, issued)
  return (
    <Stack space="md">
      <DescriptionList
        collapseBelow="tablet"
        items={[
          [
            'MQTT',
            mqtt.enabled
              ? `${mqtt.host}:${mqtt.port}, QoS 1`
              : `Off on this server: ${mqtt.reason}`,
          ],
          ['Topic', <Text mono>{mqtt.topic}</Text>],
          ['User name', <Text mono>{mqtt.username}</Text>],
          ['HTTP', <Text mono>POST {connection.http.readings_url}</Text>],
        ]}
      />
      {issued && (
        <>
          <Text as="p" weight="medium" role="status">
            Copy the token now: it is shown only this once.
          </Text>
          <CopyField label="Token" value={issued.token} codeRef={tokenRef} />
          <Text as="p" tone="muted" size="sm">
            To try it, type the meter's reading now after <Text mono>KWH=</Text> in the first line;
            the command refuses to run without it and sends the current time.
          </Text>
          {mqtt.enabled && (
            <CopyField
              label="Publish with mosquitto_pub"
              value={mosquittoPubCommand(connection, issued.token, device.latest_kwh)}
            />
          )}
          <CopyField
            label="Send with curl"
            value={curlCommand(connection, issued.token, device.latest_kwh)}
          />
          <FirstMessage deviceId={device.id} before={issued.before} />
        </>
      )}
    </Stack>
  )
}

/**
 * Focus on the new token once it shows (after Create or Rotate token): the confirmation that was
 * open has closed, and the person's next step is to copy it. Waits a frame, after the dialog
 * gives focus back to its trigger, so the dialog does not take it away again.
 */
function useFocusWhenIssued(ref: RefObject<HTMLElement | null>, issued: Issued | null) {
  useEffect(() => {
    if (!issued?.focus) return
    const frame = requestAnimationFrame(() => ref.current?.focus())
    return () => cancelAnimationFrame(frame)
  }, [ref, issued])
}

/** A value to paste elsewhere, with a button that copies it. */
function CopyField({
  label,
  value,
  codeRef,
}: {
  label: string
  value: string
  codeRef?: RefObject<HTMLPreElement | null>
}) {
  const [copied, setCopied] = useState(false)
  const id = `copy-${label.replaceAll(/\W+/g, '-').toLowerCase()}`
  return (
    <Stack space="xs">
      <Inline space="sm" align="between" alignY="center" wrap="nowrap">
        <Text id={id} size="sm" weight="medium">
          {label}
        </Text>
        <Button
          intent="toolbarAction"
          aria-label={`Copy ${label.toLowerCase()}`}
          onPress={() =>
            void navigator.clipboard?.writeText(value).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </Inline>
      <CodeBlock wrap aria-labelledby={id} ref={codeRef}>
        {value}
      </CodeBlock>
    </Stack>
  )
}

/**
 * "Waiting for the first message..." until the device's latest reading is a new one, then its
 * time and value. The live stream's `reading` event refetches it at once (features/live); it
 * also polls the latest reading until then, for when the stream is down.
 */
function FirstMessage({ deviceId, before }: { deviceId: string; before: number | null }) {
  const isNew = (reading: Reading | undefined): reading is Reading =>
    reading !== undefined && reading.id !== before
  const latest = useQuery({
    ...getLatestDeviceReadingOptions({ path: { id: deviceId } }),
    // A device without readings answers 404 until its first one: keep asking, without backoff.
    retry: false,
    refetchInterval: (query) => (isNew(query.state.data) ? false : FIRST_MESSAGE_POLL_MS),
  })
  const received = isNew(latest.data) ? latest.data : null
  return (
    <div
      className={sprinkles({ padding: 'sm', border: 'dashed', borderRadius: 'sm' })}
      role="status"
      aria-live="polite"
    >
      {received ? (
        <span>
          First message received: {formatKwh(received.kwh)} at {formatDateTime(received.timestamp)}
        </span>
      ) : (
        <Inline as="span" space="sm" alignY="center">
          <Spinner size="sm" decorative /> Waiting for the first message...
        </Inline>
      )}
    </div>
  )
}
