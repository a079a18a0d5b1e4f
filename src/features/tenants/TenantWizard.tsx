import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { ApiError, createTenantMutation, type Group } from '~/api'
import { Card, ContentBlock, Stack, Steps } from '~/ui'
import { PageHeader } from '../shared/PageHeader'
import { useAppServices } from '../shared/use-app-services'
import { browserTimeZone } from '../settings/timezones'
import { useForm } from '../shared/use-form'
import { invalidatePeople } from '../users/users-cache'
import {
  checkStep,
  emptyDraft,
  stepOfField,
  toTenantCreate,
  wizardSteps,
  type TenantDraft,
  type WizardStep,
} from './tenant-draft'
import { AdminStep, GroupStep, ReviewStep, RulesStep } from './TenantSteps'

const stepComponents = [GroupStep, AdminStep, RulesStep] as const

/** A taken name or e-mail (409) names what clashed; point the person at that field. */
function conflictField(error: unknown) {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined
  return /mail/i.test(error.message) ? 'admin.email' : 'group.name'
}

export interface TenantWizardProps {
  /** Where to go with the new group: the route lands on it. */
  onCreated: (group: Group) => void
}

/** /users/new-tenant: group, first admin, starter rules, review; one createTenant call. */
export function TenantWizard({ onCreated }: TenantWizardProps) {
  const queryClient = useQueryClient()
  const { feedback, scope } = useAppServices()
  const [step, setStep] = useState<WizardStep>(0)
  const form = useForm(() => emptyDraft(browserTimeZone()), checkStep(step))

  const create = useMutation({
    ...createTenantMutation(),
    onSuccess: ({ group, admin }) => {
      void invalidatePeople(queryClient)
      scope.choose(group.id)
      feedback.push({
        severity: 'success',
        title: 'Tenant created',
        // The scope changed under the person: say so, and where to change it back.
        message: `${group.name} is ready and ${admin.email} can sign in. The console now shows ${group.name}; choose another group under Group scope in your user menu.`,
      })
      onCreated(group)
    },
    onError: (error) => {
      const found = form.rejectError(error, { statusFields: { 409: conflictField(error) } })
      const first = Object.keys(found.fields)[0]
      if (first) setStep(stepOfField(first))
    },
  })

  const next = (draft: TenantDraft) => {
    if (step === 3) create.mutate({ body: toTenantCreate(draft) })
    else setStep((step + 1) as WizardStep)
  }
  const back = step > 0 ? () => setStep((step - 1) as WizardStep) : undefined
  const props = { form, onNext: next, onBack: back }
  const Step = step < 3 ? stepComponents[step as 0 | 1 | 2] : null
  return (
    <ContentBlock width="small">
      <Stack space="xl">
        <PageHeader
          title="New tenant"
          lead="A group with its first admin and starter alerts, created in one step."
        />
        <Steps steps={wizardSteps.map((label, i) => `${i + 1}. ${label}`)} current={step} />
        <Card title={wizardSteps[step]} headingLevel={2}>
          {Step ? (
            <Step key={step} {...props} />
          ) : (
            <ReviewStep {...props} isPending={create.isPending} />
          )}
        </Card>
      </Stack>
    </ContentBlock>
  )
}
