import { TZDate } from '@date-fns/tz'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { format } from 'date-fns'
import { useRef, useState } from 'react'
import {
  errorStatus,
  invalidate,
  previewGroupEnergySettingsMutation,
  toFormErrors,
  updateGroupEnergySettingsMutation,
  type EnergySettings,
  type EnergySettingsInput,
  type EnergySettingsPreview,
  type Group,
} from '~/api'
import { Dialog, NumberField, Spinner, Stack, Switch, Text, TextField, Tiles } from '~/ui'
import type { FeedbackInput } from '../feedback/feedback-store'
import { consumptionOperations } from '../shared/consumption-operations'
import { ServerForm } from '../shared/ServerForm'
import { useAppServices } from '../shared/use-app-services'
import { useForm } from '../shared/use-form'
import { WidgetBody } from '../shared/WidgetBody'
import { BillChangesDialog, formatDay } from './BillChangesDialog'
import { energySettingsQuery } from './billing-cycle'
import { energyFeedback } from './energy-feedback'
import {
  checkEnergySettings,
  energyFieldNames,
  newTariff,
  tariffsFrom,
  toSettings,
  toTariffDrafts,
  toValues,
  type EnergySettingsValues,
} from './energy-settings-rules'
import { EmissionFactorFields } from './EmissionFactorFields'
import { BlockProblem, DatedList } from './EnergyFieldParts'
import { TariffFields } from './TariffFields'

/** Where a group's tariffs show: every cost figure of its devices, and reports and dashboards. */
const PRICED = [...consumptionOperations, 'getEnergyReport', 'getGroupEnergySettings'] as const

/** Today in the group's timezone, 'yyyy-MM-dd': a new tariff's or factor's first date. */
const today = (timeZone: string) => format(TZDate.tz(timeZone), 'yyyy-MM-dd')

export interface EnergySettingsDialogProps {
  group: Group
  isOpen: boolean
  onOpenChange: (isOpen: boolean) => void
}

/**
 * A group's supply contract (issue 26): when its bills start, its currency, its tariffs (with
 * what export is paid and their demand charge, issue 35), its emission factors and whether
 * exported energy's CO2 is credited. Admins edit their own group, developers and superusers any.
 */
export function EnergySettingsDialog({ group, isOpen, onOpenChange }: EnergySettingsDialogProps) {
  const settings = useQuery(energySettingsQuery(group.id))
  return (
    <Dialog
      title={`Energy & billing: ${group.name}`}
      size="lg"
      isOpen={isOpen}
      onOpenChange={onOpenChange}
    >
      {({ close }) => (
        <WidgetBody
          query={settings}
          what="energy settings"
          loading={<Spinner label="Loading energy settings" showLabel />}
          error={{ size: 'sm', message: 'The energy settings could not be loaded.' }}
        >
          {(data) => <EnergySettingsForm group={group} settings={data} onDone={close} />}
        </WidgetBody>
      )}
    </Dialog>
  )
}

interface EnergySettingsFormProps {
  group: Group
  settings: EnergySettings
  onDone: () => void
}

/** The closed bills a change re-prices, and the settings that would re-price them. */
interface Review {
  body: EnergySettingsInput
  preview: EnergySettingsPreview
}

function EnergySettingsForm({ group, settings, onDone }: EnergySettingsFormProps) {
  const queryClient = useQueryClient()
  const { feedback } = useAppServices()
  const form = useForm<EnergySettingsValues>(() => toValues(settings), checkEnergySettings)
  const notify = (toast: FeedbackInput) => feedback.push({ ...toast, key: 'energy-settings' })
  const [review, setReview] = useState<Review | null>(null)
  // What the saved toast says: the date new prices start on when closed bills were kept.
  const savedToast = useRef<FeedbackInput>(energyFeedback.saved)
  const refuse = (error: unknown) => {
    // The server's 422 names a field by its path in the body: ours are named the same.
    form.reject(toFormErrors(error, { fields: energyFieldNames(form.values) }))
    notify(energyFeedback.saveFailed)
  }
  const save = useMutation({
    ...updateGroupEnergySettingsMutation(),
    onSuccess: () => {
      void invalidate(queryClient, PRICED)
      notify(savedToast.current)
      setReview(null)
      onDone()
    },
    onError: (error) => {
      setReview(null)
      refuse(error)
    },
  })
  // Issue 32: before a save, which closed bills it would re-price; none, and it saves at once.
  const check = useMutation({
    ...previewGroupEnergySettingsMutation(),
    onSuccess: (preview, { body }) => {
      if (preview.bills.length === 0) save.mutate({ path: { id: group.id }, body })
      else setReview({ body, preview })
    },
    onError: (error) => {
      if (errorStatus(error) === 422) return refuse(error)
      form.reject({
        fields: {},
        form: 'Nothing was saved: we could not check which closed bills this change would re-price. Try again.',
      })
    },
  })
  const submit = (v: EnergySettingsValues, toast: FeedbackInput = energyFeedback.saved) => {
    savedToast.current = toast
    check.mutate({ path: { id: group.id }, body: toSettings(v) })
  }
  /** The new prices from `date`, the saved ones before it: the form shows what is sent. */
  const startFrom = (date: string) => {
    const tariffs = tariffsFrom(settings.tariffs, review!.body.tariffs, date)
    if (!tariffs) return `The new tariffs set no price on ${formatDay(date)}: choose a later date.`
    const next = { ...form.values, tariffs: toTariffDrafts(tariffs) }
    form.patch({ tariffs: next.tariffs })
    setReview(null)
    submit(next, energyFeedback.savedFrom(formatDay(date)))
    return undefined
  }
  const { values, errors } = form
  const message = (name: string) => errors.fields[name]
  const currency = values.currency.trim().toUpperCase()

  return (
    <>
      <ServerForm
        form={form}
        aria-label={`Energy settings of ${group.name}`}
        onSubmit={(v) => submit(v)}
        isPending={check.isPending || save.isPending}
        pendingLabel={check.isPending ? 'Checking which closed bills change…' : undefined}
        submitLabel="Save energy settings"
        onCancel={onDone}
      >
        <Tiles space="md" minItemWidth="10rem" alignY="top">
          <NumberField
            label="Billing cycle starts on day"
            description={`Of every month, at midnight in ${group.timezone}. 1 to 28: every month has it.`}
            minValue={1}
            maxValue={28}
            step={1}
            value={values.startDay}
            onChange={form.set('startDay')}
            isInvalid={Boolean(message('billing_cycle_start_day'))}
            errorMessage={message('billing_cycle_start_day')}
          />
          <TextField
            label="Currency"
            description="ISO 4217 code, such as EUR, USD or GBP; needed with tariffs."
            maxLength={3}
            value={values.currency}
            onChange={(code) => form.set('currency')(code.toUpperCase())}
            isInvalid={Boolean(message('currency'))}
            errorMessage={message('currency')}
          />
        </Tiles>

        <DatedList
          title="Tariffs"
          intro="Each applies from local midnight of its date until the next one’s. Without a tariff, figures show no cost."
          entries={values.tariffs}
          onChange={form.set('tariffs')}
          problem={message('tariffs')}
          addLabel="Add tariff"
          newEntry={() => newTariff(today(group.timezone))}
        >
          {(tariff, edit) => (
            <TariffFields tariff={tariff} currency={currency} errors={errors.fields} {...edit} />
          )}
        </DatedList>

        <DatedList
          title="Emission factors"
          intro="Grams of CO₂ equivalent per kWh, from local midnight of each date. Without one, figures show no CO₂."
          entries={values.factors}
          onChange={form.set('factors')}
          problem={message('emission_factors')}
          addLabel="Add emission factor"
          newEntry={() => ({ effectiveFrom: today(group.timezone), grams: NaN })}
        >
          {(factor, edit) => (
            <EmissionFactorFields factor={factor} errors={errors.fields} {...edit} />
          )}
        </DatedList>

        <Stack space="sm">
          <Switch isSelected={values.creditExportCo2} onChange={form.set('creditExportCo2')}>
            Credit exported energy’s CO₂
          </Switch>
          <Text as="p" size="sm" tone="muted">
            {values.creditExportCo2
              ? 'Energy fed into the grid takes its CO₂ off at the factor in force when it was exported.'
              : 'CO₂ counts imported energy only.'}
          </Text>
          <BlockProblem message={message('credit_export_co2')} />
        </Stack>
      </ServerForm>
      {review && (
        <BillChangesDialog
          preview={review.preview}
          startDays={{
            saved: settings.billing_cycle_start_day,
            proposed: review.body.billing_cycle_start_day,
          }}
          isOpen
          onOpenChange={(open) => !open && setReview(null)}
          onConfirm={() => save.mutate({ path: { id: group.id }, body: review.body })}
          onStartFrom={startFrom}
          isSaving={save.isPending}
        />
      )}
    </>
  )
}
