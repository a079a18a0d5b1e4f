import * as styles from './Chart.css'

/** Safe id fragment for url(#...) references (React ids may contain characters CSS dislikes). */
export const svgId = (reactId: string) => reactId.replace(/[^a-zA-Z0-9_-]/g, '')

/** Diagonal hatching used for incomplete, missing and unknown data. */
export function Hatch({
  id,
  tone,
  gap = 5,
}: {
  id: string
  tone: keyof typeof styles.stroke
  gap?: number
}) {
  return (
    <pattern
      id={id}
      width={gap}
      height={gap}
      patternUnits="userSpaceOnUse"
      patternTransform="rotate(45)"
    >
      <line x1="0" y1="0" x2="0" y2={gap} className={styles.stroke[tone]} strokeWidth="2" />
    </pattern>
  )
}
