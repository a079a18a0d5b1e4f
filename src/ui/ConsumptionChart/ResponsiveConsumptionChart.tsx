import { lazy, Suspense } from 'react'
import { ParentWidth } from '../private/chart'
import { Skeleton } from '../Skeleton'
import type { ConsumptionChartProps } from './ConsumptionChart'

// The chart and visx come after the page around them: they are a good part of a chart page's
// first download, and the page is useful before the chart draws.
const ConsumptionChart = lazy(() =>
  import('./ConsumptionChart').then((m) => ({ default: m.ConsumptionChart })),
)

export type ResponsiveConsumptionChartProps = Omit<ConsumptionChartProps, 'width'>

/** ConsumptionChart at the width of its container, loaded on first use. */
export function ResponsiveConsumptionChart(props: ResponsiveConsumptionChartProps) {
  // The chart's own box: its height plus the legend row.
  const placeholder = <Skeleton shape="rect" height={`${(props.height ?? 240) + 40}px`} />
  return (
    <ParentWidth>
      {(width) => (
        <Suspense fallback={placeholder}>
          <ConsumptionChart {...props} width={width} />
        </Suspense>
      )}
    </ParentWidth>
  )
}
