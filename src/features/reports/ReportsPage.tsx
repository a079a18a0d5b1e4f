import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { normalizeError } from '~/api'
import { Box, Button, Icon, Skeleton, Stack } from '~/ui'
import { useCalendar } from '../consumption/calendar'
import { PageHeader } from '../shared/PageHeader'
import { useAppServices } from '../shared/use-app-services'
import { WidgetBody } from '../shared/WidgetBody'
import { useBillingCycle } from '../billing/billing-cycle'
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
  // Bills are the group's: the server counts them in its cycle and timezone.
  const billing = useBillingCycle()
  const prefsPending = calendar.isPending || billing.isPending
  const [downloading, setDownloading] = useState(false)
  const request: ReportRequest = {
    preset: choice.preset,
    custom: choice.custom,
    customPrevious: choice.customPrevious,
    timeZone: calendar.timeZone,
    weekStart: week_start,
    billed: Boolean(billing.cycle),
    metric: choice.metric,
    deviceIds: choice.devices,
  }
  const report = useQuery({
    ...energyReportOptions(request),
    enabled: !prefsPending,
    placeholderData: keepPreviousData,
  })
  // The timezone the report was counted in (a bill's is its group's), the viewer's until it is in.
  const timezone = report.data?.timezone ?? calendar.timeZone

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
          {(data) => <ReportResults report={data} now={now} />}
        </WidgetBody>
      </Stack>
    </>
  )
}
