import type { ReactNode } from 'react'
import * as styles from './Stat.css'
import { Icon } from '../Icon'
import { Skeleton } from '../Skeleton'
import { VisuallyHidden } from '../VisuallyHidden'

export const deltaDirections = ['up', 'down', 'neutral'] as const
export const statSizes = ['md', 'lg'] as const
export type DeltaDirection = (typeof deltaDirections)[number]

export interface StatDelta {
  /** Shown as given: '12%', '+3.4 kWh'. */
  value: string
  direction: DeltaDirection
  /** 'vs last week' */
  context?: string
}

export interface StatProps {
  /** 'Energy today' */
  label: ReactNode
  /** The figure, already formatted ('1,204.5'). */
  value: ReactNode
  /** 'kWh' */
  unit?: string
  delta?: StatDelta
  /** Which way is good: for consumption, down is good. @default 'up' */
  goodDirection?: 'up' | 'down'
  /** Figure still loading: a skeleton takes its place. @default false */
  isLoading?: boolean
  /**
   * 'md' for a grid of several figures in narrow tiles, where a '14,461.59' at 'lg' would push
   * its unit onto a line of its own beside figures that kept theirs. @default 'lg'
   */
  size?: (typeof statSizes)[number]
}

const srDirection: Record<DeltaDirection, string> = {
  up: 'Increased by',
  down: 'Decreased by',
  neutral: 'Unchanged,',
}
const iconFor = { up: 'trendingUp', down: 'trendingDown', neutral: 'minus' } as const

/** A key figure with its label, unit and change; the change's direction is also said in words. */
export function Stat({
  label,
  value,
  unit,
  delta,
  goodDirection = 'up',
  isLoading = false,
  size = 'lg',
}: StatProps) {
  const tone =
    !delta || delta.direction === 'neutral'
      ? 'neutral'
      : delta.direction === goodDirection
        ? 'good'
        : 'bad'
  return (
    <div className={styles.root}>
      <p className={styles.label}>{label}</p>
      <p className={styles.figure({ size })}>
        {isLoading ? <Skeleton shape="rect" width="7rem" height="2rem" /> : value}
        {!isLoading && unit && <span className={styles.unit}>{unit}</span>}
      </p>
      {delta && !isLoading && (
        <p className={styles.delta({ tone })}>
          <Icon name={iconFor[delta.direction]} size="sm" />
          <VisuallyHidden>{srDirection[delta.direction]}</VisuallyHidden>
          {delta.value}
          {delta.context && <span className={styles.context}>{delta.context}</span>}
        </p>
      )}
    </div>
  )
}
