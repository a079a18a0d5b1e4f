import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import {
  ApiError,
  createDeviceCredentials,
  createDeviceMutation,
  invalidate,
  listDeviceModelsOptions,
  listGroupsOptions,
  normalizeError,
  queryPolicy,
  type Device,
} from '~/api'
import {
  Button,
  buttonClassName,
  Card,
  ContentBlock,
  DescriptionList,
  EmptyState,
  Inline,
  Select,
  SelectItem,
  Stack,
  Steps,
  Text,
} from '~/ui'
import { isElevated } from '../auth/roles'
import { useSessionUser } from '../auth/use-session'
import {
  emptyDeviceFields,
  serverFieldErrors,
  toDeviceBody,
  validateDeviceFields,
  type DeviceFieldErrors,
  type DeviceFields,
} from '../devices/device-fields'
import { ConnectCard } from '../devices/ConnectCard'
import { IdentityFields, LocationFields, ModelFields } from '../devices/DeviceFieldGroups'
import { PageHeader } from '../shared/PageHeader'
import { useGroupScope } from '../shared/use-app-services'

const steps = ['Identity', 'Location', 'Model', 'Review'] as const
type Step = (typeof steps)[number]
/** Which fields each step owns, so a step only blocks on its own mistakes. */
const stepFields: Record<Step, (keyof DeviceFields)[]> = {
  Identity: ['name', 'serial_number', 'description'],
  Location: ['location'],
  Model: ['device_model_id', 'handler'],
  Review: [],
}
const stepOf = (errors: DeviceFieldErrors): Step =>
  steps.find((s) => stepFields[s].some((f) => errors[f])) ?? 'Review'

/** Spec §2: register one device step by step; done links to the new device. */
export interface RegisterSinglePageProps {
  /** The clock of the connect instructions' sample reading. @default new Date() */
  now?: Date
}

export function RegisterSinglePage({ now }: RegisterSinglePageProps) {
  const queryClient = useQueryClient()
  const user = useSessionUser()
  const scope = useGroupScope()
  const elevated = user ? isElevated(user.role) : false
  const groups = useQuery({
    ...listGroupsOptions({ query: { limit: 500 } }),
    ...queryPolicy('config'),
    enabled: elevated,
  })
  const [step, setStep] = useState<Step>('Identity')
  const [fields, setFields] = useState<DeviceFields>(emptyDeviceFields)
  const [groupId, setGroupId] = useState<string | null>(scope)
  const [errors, setErrors] = useState<DeviceFieldErrors>({})
  const [created, setCreated] = useState<{ device: Device; token: string | null } | null>(null)
  const create = useMutation({
    ...createDeviceMutation(),
    onSuccess: async (device) => {
      void invalidate(queryClient, 'listDevices')
      // Registration ends with the device's credentials; if they fail, the card offers them again.
      const token = await createDeviceCredentials({ path: { id: device.id } }).then(
        ({ data }) => data?.token ?? null,
        () => null,
      )
      setCreated({ device, token })
    },
    onError: (error) => {
      const found = serverFieldErrors(
        error instanceof ApiError ? error.status : undefined,
        error instanceof ApiError ? error.body : undefined,
      )
      setErrors(found)
      if (Object.keys(found).length) setStep(stepOf(found))
    },
  })

  const change = (partial: Partial<DeviceFields>) => setFields((f) => ({ ...f, ...partial }))
  const next = () => {
    const all = validateDeviceFields(fields)
    const mine = Object.fromEntries(stepFields[step].filter((f) => all[f]).map((f) => [f, all[f]]))
    setErrors(mine)
    if (Object.keys(mine).length === 0) setStep(steps[steps.indexOf(step) + 1]!)
  }
  const back = () => setStep(steps[Math.max(0, steps.indexOf(step) - 1)]!)

  if (created) {
    const { device } = created
    return (
      <ContentBlock width="large">
        <Stack space="lg">
          <EmptyState
            icon="checkCircle"
            title={`${device.name} is registered`}
            description={`Serial number ${device.serial_number}. Readings appear once the device sends them with its token below.`}
            action={
              <Inline space="sm" alignY="center">
                <Link
                  to="/devices/$deviceId"
                  params={{ deviceId: device.id }}
                  className={buttonClassName({ intent: 'formPrimary' })}
                >
                  Open the device
                </Link>
                <Button
                  intent="formSecondary"
                  onPress={() => {
                    setCreated(null)
                    setFields(emptyDeviceFields)
                    setStep('Identity')
                    create.reset()
                  }}
                >
                  Register another
                </Button>
              </Inline>
            }
          />
          <ConnectCard device={device} issuedToken={created.token} now={now} />
        </Stack>
      </ContentBlock>
    )
  }

  const groupName = groups.data?.items.find((g) => g.id === groupId)?.name
  return (
    <ContentBlock width="large">
      <Stack space="lg">
        <PageHeader
          title="Register a device"
          lead={`Step ${steps.indexOf(step) + 1} of ${steps.length}: ${step}`}
        />
        <Steps steps={steps} current={steps.indexOf(step)} />
        <Card title={step}>
          <Stack
            as="form"
            space="lg"
            aria-label={step}
            noValidate
            onSubmit={(e) => {
              e.preventDefault()
              if (step === 'Review')
                create.mutate({
                  body: { ...toDeviceBody(fields), group_id: elevated ? groupId : undefined },
                })
              else next()
            }}
          >
            {step === 'Identity' && (
              <>
                {elevated && (
                  <Select
                    label="Group"
                    isRequired
                    items={groups.data?.items ?? []}
                    selectedKey={groupId}
                    onSelectionChange={(key) => setGroupId(String(key))}
                    description="Developers and superusers choose the group the device belongs to."
                  >
                    {(g) => <SelectItem id={g.id}>{g.name}</SelectItem>}
                  </Select>
                )}
                <IdentityFields fields={fields} errors={errors} onChange={change} />
              </>
            )}
            {step === 'Location' && (
              <LocationFields fields={fields} errors={errors} onChange={change} />
            )}
            {step === 'Model' && <ModelFields fields={fields} errors={errors} onChange={change} />}
            {step === 'Review' && (
              <Review fields={fields} groupName={elevated ? groupName : undefined} />
            )}
            {create.isError && step === 'Review' && (
              <Text as="p" role="alert" tone="critical">
                {normalizeError(create.error).message}
              </Text>
            )}
            <Inline space="sm" align="between">
              <Button intent="formSecondary" isDisabled={step === 'Identity'} onPress={back}>
                Back
              </Button>
              <Button
                type="submit"
                intent="formPrimary"
                isPending={create.isPending}
                isDisabled={elevated && step === 'Identity' && !groupId}
              >
                {step === 'Review' ? 'Register device' : 'Next'}
              </Button>
            </Inline>
          </Stack>
        </Card>
      </Stack>
    </ContentBlock>
  )
}

/** The chosen model by name (the Model step's catalogue, cached), so the review shows every choice. */
function useModelName(modelId: string): string {
  const models = useQuery({ ...listDeviceModelsOptions(), ...queryPolicy('config') })
  if (!modelId) return 'No model'
  const model = models.data?.items.find((m) => m.id === modelId)
  return model ? `${model.manufacturer} ${model.name}` : modelId
}

function Review({ fields, groupName }: { fields: DeviceFields; groupName?: string }) {
  const modelName = useModelName(fields.device_model_id)
  const rows: [string, string][] = [
    ...(groupName ? [['Group', groupName] as [string, string]] : []),
    ['Name', fields.name],
    ['Serial number', fields.serial_number],
    ['Description', fields.description || '–'],
    ['Location', fields.location || 'No location'],
    ['Device model', modelName],
    ['Handler', fields.handler || 'None'],
  ]
  return <DescriptionList items={rows} />
}
