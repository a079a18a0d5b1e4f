import { Skeleton, Spinner } from '../../ui'
import * as styles from './devices.css'

const ROWS = 8

/** The table's frame with placeholder rows while the first page loads. */
export function DeviceTableSkeleton() {
  return (
    <div className={styles.table} aria-busy="true">
      <div className={styles.skeletonRow}>
        <Spinner size="sm" label="Loading devices..." showLabel />
      </div>
      {Array.from({ length: ROWS }, (_, i) => (
        <div key={i} className={styles.skeletonRow} aria-hidden="true">
          <Skeleton width={`${60 + ((i * 13) % 35)}%`} />
        </div>
      ))}
    </div>
  )
}
