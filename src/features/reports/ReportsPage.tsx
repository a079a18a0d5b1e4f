import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { normalizeError } from '~/api'
import { Box, Button, Icon, Skeleton, Stack } from '~/ui'
import { useCalendar } from '../consumption/calendar'
import { PageHeader } from '../shared/PageHeader'
import { useAppServices } from '../shared/use-app-services'
import { WidgetBody } from '../shared/WidgetBody'
import { useBillingCycle } from '../billing/billing-cycle'
import { presetPeriods, reportTimeZone } from './report-periods'
import { downloadReportCsv, energyReportOptions, type ReportRequest } from './report-query'
import { ReportControls } from './ReportControls'
import type { ReportChoice } from './report-search'
import { ReportResults } from './ReportResults'

export interface ReportsPageProps {
  choice: ReportChoice
  onChange: (patch: Partial<ReportChoice>) => void
  /** For stories: a fixed clock. */
  now?: Date
}

/** /reports: a current period against a previous one, for all devices in scope or some. */
export function ReportsPage({ choice, onChange, now: fixedNow }: ReportsPageProps) {
  const { feedback } = useAppServices()
  const [now] = useState(() => fixedNow ?? new Date())
  // The consumption pages' calendar, so a device's figures here are the ones its page shows.
  const calendar = useCalendar()
  const { weekStart: week_start } = calendar
  // Bills are the group's: their presets are asked in the group's timezone.
  const billing = useBillingCycle()
  const prefsPending = calendar.isPending || billing.isPending
  const timezone = reportTimeZone(choice.preset, { ...calendar, bill: billing.cycle })
  const [downloading, setDownloading] = useState(false)

  let periods
  try {
    periods = presetPeriods(choice.preset, {
      timeZone: timezone,
      weekStart: week_start,
      now,
      custom: choice.custom,
      customPrevious: choice.customPrevious,
      bill: billing.cycle,
    })
  } catch {
    periods = presetPeriods('this_month', { timeZone: timezone, weekStart: week_start, now })
  }
  const request: ReportRequest = {
    periods,
    timeZone: timezone,
    weekStart: week_start,
    metric: choice.metric,
    deviceIds: choice.devices,
  }
  const report = useQuery({
    ...energyReportOptions(request),
    enabled: !prefsPending,
    placeholderData: keepPreviousData,
  })

  async function download() {
    setDownloading(true)
    try {
      await downloadReportCsv(request)
    } catch (error) {
      feedback.push({
        title: 'Failed to download the report',
        message: normalizeError(error).message,
      })
    } finally {
      setDownloading(false)
    }
  }

  return (
    <>
      <PageHeader
        title="Reports"
        lead={`Energy of the devices in scope, period against period, in ${timezone.replaceAll('_', ' ')} time.`}
        actions={
          // The report as chosen below, as a file: the page's own action, beside its title.
          <Button intent="formSecondary" onPress={() => void download()} isDisabled={downloading}>
            <Icon name="download" size="sm" /> {downloading ? 'Preparing CSV...' : 'Download CSV'}
          </Button>
        }
      />
      <Stack space="xl">
        <ReportControls choice={choice} onChange={onChange} />
        <WidgetBody
          query={report}
          what="the report"
          loading={
            <Box display="grid" gap="md" padding="lg" role="status" aria-label="Loading the report">
              <Skeleton shape="rect" height="6rem" />
              <Skeleton shape="rect" height="16rem" />
            </Box>
          }
          error={{ message: 'The report could not be loaded.' }}
        >
          {(data) => (
            <ReportResults report={data} periods={periods} timeZone={timezone} now={now} />
          )}
        </WidgetBody>
      </Stack>
    </>
  )
}
