import { useQuery } from '@tanstack/react-query'
import { Card, Icon, Stat } from '../../ui'
import {
  presetKeys,
  presetLabels,
  presetQuery,
  type ConsumptionContext,
  type PresetKey,
} from './consumption-queries'
import * as styles from './consumption.css'
import { formatNumber } from '../../lib/format'

/** Spec §7's six cumulative figures, each with what makes it less than complete. */
export function PresetFigures({ context }: { context: ConsumptionContext }) {
  return (
    <Card
      title="Cumulative consumption"
      description={`Calendar periods in ${context.timeZone}, weeks starting ${context.weekStart === 'sunday' ? 'Sunday' : 'Monday'}.`}
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
    <div className={styles.preset}>
      <Stat
        label={presetLabels[preset]}
        unit="kWh"
        isLoading={figure.isPending}
        value={formatNumber(data?.kwh, { maxDecimals: 1 })}
      />
      {figure.isError && <span className={styles.note}>Not available</span>}
      {data && data.reading_count === 0 && <span className={styles.note}>No readings</span>}
      {data?.has_gaps && (
        <span className={`${styles.note} ${styles.warn}`}>
          <Icon name="alert" size="xs" /> Readings missing
        </span>
      )}
      {data && data.resets > 0 && (
        <span className={`${styles.note} ${styles.warn}`}>
          <Icon name="refresh" size="xs" />{' '}
          {data.resets === 1 ? 'Meter reset' : `${data.resets} meter resets`}
        </span>
      )}
    </div>
  )
}
