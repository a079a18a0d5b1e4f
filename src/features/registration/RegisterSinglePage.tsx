import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import {
  ApiError,
  createDeviceMutation,
  invalidate,
  listDeviceModelsOptions,
  listGroupsOptions,
  normalizeError,
  queryPolicy,
  type Device,
} from '../../api'
import { Button, Card, EmptyState, Select, SelectItem, buttonClassName } from '../../ui'
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
import { IdentityFields, LocationFields, ModelFields } from '../devices/DeviceFieldGroups'
import { PageHeader } from '../shared/PageHeader'
import { useGroupScope } from '../shared/use-app-services'
import * as styles from './registration.css'

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
export function RegisterSinglePage() {
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
  const [created, setCreated] = useState<Device | null>(null)
  const create = useMutation({
    ...createDeviceMutation(),
    onSuccess: (device) => {
      void invalidate(queryClient, 'listDevices')
      setCreated(device)
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
    return (
      <div className={styles.page}>
        <EmptyState
          icon="checkCircle"
          title={`${created.name} is registered`}
          description={`Serial number ${created.serial_number}. Readings appear once its handler starts sending them.`}
          action={
            <div className={styles.row}>
              <Link
                to="/devices/$deviceId"
                params={{ deviceId: created.id }}
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
            </div>
          }
        />
      </div>
    )
  }

  const groupName = groups.data?.items.find((g) => g.id === groupId)?.name
  return (
    <div className={styles.page}>
      <PageHeader
        title="Register a device"
        lead={`Step ${steps.indexOf(step) + 1} of ${steps.length}: ${step}`}
      />
      <ol className={styles.steps} aria-label="Steps">
        {steps.map((s) => (
          <li key={s} className={styles.step} aria-current={s === step ? 'step' : undefined}>
            {s}
          </li>
        ))}
      </ol>
      <Card title={step}>
        <form
          className={styles.form}
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
            <p role="alert" className={styles.bad}>
              {normalizeError(create.error).message}
            </p>
          )}
          <div className={styles.actions}>
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
          </div>
        </form>
      </Card>
    </div>
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
  return (
    <dl className={styles.facts}>
      {rows.map(([term, value]) => (
        <div key={term} className={styles.pair}>
          <dt className={styles.term}>{term}</dt>
          <dd className={styles.value}>{value}</dd>
        </div>
      ))}
    </dl>
  )
}
