import { useMutation, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { Key } from 'react-aria-components'
import { listDevicesOptions } from '~/api'
import {
  Badge,
  Button,
  Card,
  CodeBlock,
  EmptyState,
  ErrorState,
  Heading,
  Icon,
  Inline,
  ProfileCard,
  QuickAnalysis,
  Select,
  SelectItem,
  Stack,
  Text,
  Tiles,
} from '~/ui'
import { useGroupScope } from '../shared/use-app-services'
import {
  deviceOptionLabel,
  profilingEndpoints,
  profilingErrorMessage,
  toProfiledResult,
  type ProfiledResult,
} from './profiling-endpoints'

/** Spec §2: the device selector offers up to 100 devices. */
export const PROFILING_DEVICE_LIMIT = 100

function ProfileResults({ result }: { result: ProfiledResult }) {
  const hasPayload = result.data !== undefined && result.data !== null
  return (
    <Stack as="section" space="lg" aria-labelledby="profile-results">
      <Inline space="sm" alignY="center" wrap="nowrap">
        <Heading level={2} id="profile-results">
          Profile Results
        </Heading>
        <Badge variant="success">Profiled</Badge>
      </Inline>
      <QuickAnalysis profile={result.profile} headingLevel={3} />
      <Card title="Response" headingLevel={3}>
        {hasPayload ? (
          <CodeBlock>{JSON.stringify(result.data, null, 2)}</CodeBlock>
        ) : (
          <Text as="p" size="sm" tone="muted">
            No response payload captured.
          </Text>
        )}
      </Card>
      <ProfileCard profile={result.profile} headingLevel={3} />
    </Stack>
  )
}

function DeviceSelect({
  deviceId,
  onChange,
}: {
  deviceId: string | null
  onChange: (id: string | null) => void
}) {
  const devices = useQuery(listDevicesOptions({ query: { limit: PROFILING_DEVICE_LIMIT } }))
  return (
    <Select
      label="Device"
      isRequired
      // A select with no items does not open: a press before the list came was lost.
      isDisabled={devices.isPending}
      placeholder={devices.isPending ? 'Loading devices...' : 'Select a device'}
      selectedKey={deviceId}
      onSelectionChange={(key: Key | null) => onChange(key === null ? null : String(key))}
      description={devices.isError ? 'Devices could not be loaded.' : undefined}
    >
      {(devices.data?.items ?? []).map((device) => {
        const { label, description } = deviceOptionLabel(device)
        return (
          <SelectItem key={device.id} id={device.id} textValue={label} description={description}>
            {label}
          </SelectItem>
        )
      })}
    </Select>
  )
}

/** Spec §2 'Debug: profiling': run a preset endpoint with profile=true and show where its time went. */
export function ProfilingPanel() {
  const groupId = useGroupScope()
  const [endpointId, setEndpointId] = useState(profilingEndpoints[0]!.id)
  const [deviceId, setDeviceId] = useState<string | null>(null)
  const endpoint = profilingEndpoints.find((e) => e.id === endpointId) ?? profilingEndpoints[0]!
  const run = useMutation({
    mutationFn: async () =>
      toProfiledResult(
        await endpoint.call({ deviceId: deviceId ?? undefined, groupId, now: new Date() }),
      ),
    // Shown in the panel, not as a toast.
    onError: () => {},
  })
  const missingDevice = endpoint.needsDevice && !deviceId

  // Spec §4: a new endpoint or device clears the previous profile and error.
  const chooseEndpoint = (key: Key | null) => {
    if (key === null) return
    setEndpointId(String(key))
    run.reset()
  }
  const chooseDevice = (id: string | null) => {
    setDeviceId(id)
    run.reset()
  }

  return (
    <Stack space="lg">
      <Tiles space="md" minItemWidth="16rem" alignY="top">
        <Select label="Endpoint" selectedKey={endpointId} onSelectionChange={chooseEndpoint}>
          {profilingEndpoints.map((e) => (
            <SelectItem key={e.id} id={e.id} textValue={e.name} description={e.description}>
              {e.name}
            </SelectItem>
          ))}
        </Select>
        {endpoint.needsDevice && <DeviceSelect deviceId={deviceId} onChange={chooseDevice} />}
      </Tiles>
      <Inline space="md" alignY="center">
        <Button
          intent="formPrimary"
          isDisabled={missingDevice}
          isPending={run.isPending}
          onPress={() => run.mutate()}
        >
          {!run.isPending && <Icon name="bolt" size="sm" />}
          {run.isPending ? 'Executing...' : 'Execute with Profiling'}
        </Button>
        {missingDevice && (
          <Text as="p" size="sm" tone="caution">
            Please select a device
          </Text>
        )}
      </Inline>
      {run.isError ? (
        <ErrorState title="Profiling failed" message={profilingErrorMessage(run.error)} />
      ) : run.isSuccess ? (
        <ProfileResults result={run.data} />
      ) : (
        !run.isPending && (
          <EmptyState
            icon="debug"
            title="Select an endpoint and click 'Execute with Profiling' to see detailed performance metrics"
            description="Profiling shows step-by-step timing, SQL queries and memory usage."
          />
        )
      )}
    </Stack>
  )
}
