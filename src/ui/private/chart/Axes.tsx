import { AxisBottom, AxisLeft } from '@visx/axis'
import { scaleLinear } from '@visx/scale'
import * as styles from './Chart.css'
import { axisFormat } from './time'

type KwhAxisProps = {
  scale: ReturnType<typeof scaleLinear<number>>
  numTicks: number
  left: number
  /** The unit above the labels (a power chart's is kW). @default 'kWh' */
  unit?: string
}

/** The value axis: tick labels only (the grid draws the lines), the unit above them at the edge. */
export function KwhAxis({ scale, numTicks, left, unit = 'kWh' }: KwhAxisProps) {
  return (
    <>
      <AxisLeft
        scale={scale}
        numTicks={numTicks}
        tickFormat={axisFormat(scale, numTicks)}
        hideAxisLine
        hideTicks
        axisClassName={styles.axis}
        tickLabelProps={{ dx: -4 }}
      />
      <text x={-left} y={-12} className={styles.axisLabel}>
        {unit}
      </text>
    </>
  )
}

type PixelAxisProps = { top: number; width: number; ticks: readonly { x: number; label: string }[] }

/** A bottom axis `width` wide with its labels at the pixel offsets the chart placed them. */
export function PixelAxisBottom({ top, width, ticks }: PixelAxisProps) {
  return (
    <AxisBottom
      top={top}
      scale={scaleLinear<number>({ domain: [0, width], range: [0, width] })}
      tickValues={ticks.map((t) => t.x)}
      tickFormat={(v) => ticks.find((t) => t.x === v)?.label ?? ''}
      axisClassName={styles.axis}
      tickLength={4}
    />
  )
}
