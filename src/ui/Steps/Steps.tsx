import * as styles from './Steps.css'

export interface StepsProps {
  /** The steps' names, in order, as they are shown ('1. Group' or 'Identity'). */
  steps: readonly string[]
  /** The index of the step on screen; the ones before it show as done. */
  current: number
  /** @default 'Steps' */
  'aria-label'?: string
}

/** Where a wizard is: a bar over each step's name, the current one marked for assistive tech. */
export function Steps({ steps, current, 'aria-label': label = 'Steps' }: StepsProps) {
  return (
    <ol className={styles.steps} aria-label={label}>
      {steps.map((name, i) => (
        <li
          key={name}
          className={styles.step}
          aria-current={i === current ? 'step' : undefined}
          data-done={i < current || undefined}
        >
          {name}
        </li>
      ))}
    </ol>
  )
}
