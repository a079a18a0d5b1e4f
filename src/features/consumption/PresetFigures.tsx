import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Box, Card, Icon, Stack, Stat } from '~/ui'
import {
  presetKeys,
  presetLabels,
  presetQuery,
  type ConsumptionContext,
  type PresetKey,
} from './consumption-queries'
import * as styles from './consumption.css'
import { formatQuantityFigure } from '~/lib/format'
import type { CumulativeConsumption } from '~/api'
import { formatBill } from '../billing/billing-cycle'
import type { PricedFigure } from '../billing/cost'
import { CostSummary } from '../billing/CostSummary'
import { exportNetLine } from './peak'

const billPresets = new Set<PresetKey>(['thisBill', 'lastBill', 'billYearAgo'])

/**
 * The whole bill a bill preset covers, '8 Nov – 7 Dec 2026': one calendar month from its start in
 * the group's timezone (the answer's), though a running bill's figure stops at now.
 */
const billPeriod = ({ start, timezone }: CumulativeConsumption) =>
  formatBill(new Date(start), timezone)

/** A device's window as a priced figure: its cost parts and export (no standing charges). */
const windowFigure = (data: CumulativeConsumption): PricedFigure => ({
  cost: data.cost,
  breakdown: data.cost_breakdown,
  co2Kg: data.co2_kg,
  exportKwh: data.export_kwh,
  exportCo2Credited: data.export_co2_credited,
})

/**
 * Spec §7's six cumulative figures and the group's bills (this, last, the same a year ago), each
 * with what makes it less than complete.
 */
export function PresetFigures({ context }: { context: ConsumptionContext }) {
  return (
    <Card
      title="Cumulative consumption"
      description={`Calendar periods in ${context.timeZone}, weeks starting ${context.weekStart === 'sunday' ? 'Sunday' : 'Monday'}. Bills follow the group's billing cycle, in its timezone.`}
    >
      <div className={styles.presets}>
        {presetKeys.map((key) => (
          <PresetFigure key={key} preset={key} context={context} />
        ))}
      </div>
    </Card>
  )
}

function PresetFigure({ preset, context }: { preset: PresetKey; context: ConsumptionContext }) {
  const figure = useQuery(presetQuery(preset, context))
  const data = figure.data
  return (
    <Stack space="xs">
      <Stat
        label={presetLabels[preset]}
        // Ten figures share the card: at 'lg' a '14,461.59' pushed its unit under it.
        size="md"
        unit="kWh"
        isLoading={figure.isPending}
        value={formatQuantityFigure(data?.kwh, 'kWh')}
      />
      {data && billPresets.has(preset) && <FigureNote>{billPeriod(data)}</FigureNote>}
      {data && data.kwh !== null && (
        <CostSummary figure={windowFigure(data)} currency={data.currency} size="xs" />
      )}
      {data && exportNetLine(data) && <FigureNote>{exportNetLine(data)}</FigureNote>}
      {figure.isError && <FigureNote>Not available</FigureNote>}
      {data && data.kwh === null && <FigureNote>No readings</FigureNote>}
      {data?.estimated && <FigureNote>Estimated: an edge falls between readings</FigureNote>}
      {data?.has_gaps && (
        <FigureNote warning>
          <Icon name="alert" size="xs" /> Readings missing
        </FigureNote>
      )}
      {data && data.resets > 0 && (
        <FigureNote warning>
          <Icon name="refresh" size="xs" />{' '}
          {data.resets === 1 ? 'Meter reset' : `${data.resets} meter resets`}
        </FigureNote>
      )}
    </Stack>
  )
}

/** What makes a figure less than complete, under it. */
function FigureNote({ warning = false, children }: { warning?: boolean; children: ReactNode }) {
  return (
    <Box
      as="span"
      display="inline-flex"
      alignItems="center"
      gap="xs"
      fontSize="xs"
      color={warning ? 'warning' : 'muted'}
    >
      {children}
    </Box>
  )
}
