import * as styles from './Pagination.css'
import { Button } from '../Button'
import { Icon } from '../Icon'
import { Select, SelectItem } from '../Select'
import { formatNumber } from '~/lib/format'

export const defaultPageSizes = [50, 100, 200, 500] as const

export interface PaginationProps {
  /** Current page, 1-based. */
  page: number
  pageSize: number
  /** Number of items over all pages. */
  total: number
  onPageChange: (page: number) => void
  /** Shows the page-size select when given; the page resets to 1 is up to the caller. */
  onPageSizeChange?: (pageSize: number) => void
  /** @default [50, 100, 200, 500] (spec §9 log page sizes) */
  pageSizeOptions?: readonly number[]
  /** Disable everything while a page loads. @default false */
  isDisabled?: boolean
  /** Name of the navigation landmark. @default 'Pagination' */
  'aria-label'?: string
}

/** First/Previous/Next/Last with 'Page x of y', 'Showing a-b of n' and a page-size select. */
export function Pagination({
  page,
  pageSize,
  total,
  onPageChange,
  onPageSizeChange,
  pageSizeOptions = defaultPageSizes,
  isDisabled = false,
  'aria-label': ariaLabel = 'Pagination',
}: PaginationProps) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize))
  const current = Math.min(Math.max(1, page), pageCount)
  const first = total === 0 ? 0 : (current - 1) * pageSize + 1
  const last = Math.min(current * pageSize, total)
  const atStart = isDisabled || current <= 1
  const atEnd = isDisabled || current >= pageCount
  return (
    <nav aria-label={ariaLabel} className={styles.root}>
      <span className={styles.summary} aria-live="polite">
        {total === 0
          ? 'Showing 0 of 0'
          : `Showing ${formatNumber(first)}-${formatNumber(last)} of ${formatNumber(total)}`}
      </span>
      <div className={styles.controls}>
        {onPageSizeChange && (
          <Select
            label="Rows per page"
            className={styles.pageSizeSelect}
            selectedKey={pageSize}
            onSelectionChange={(key) => onPageSizeChange(Number(key))}
            isDisabled={isDisabled}
          >
            {pageSizeOptions.map((n) => (
              <SelectItem key={n} id={n}>
                {String(n)}
              </SelectItem>
            ))}
          </Select>
        )}
        <span className={styles.page}>
          Page {current} of {pageCount}
        </span>
        <div className={styles.buttons}>
          <Button
            intent="toolbarAction"
            size="icon"
            aria-label="First"
            isDisabled={atStart}
            onPress={() => onPageChange(1)}
          >
            <Icon name="chevronsLeft" size="sm" />
          </Button>
          <Button
            intent="toolbarAction"
            isDisabled={atStart}
            onPress={() => onPageChange(current - 1)}
          >
            <Icon name="chevronLeft" size="sm" />
            <span className={styles.buttonText}>Previous</span>
          </Button>
          <Button
            intent="toolbarAction"
            isDisabled={atEnd}
            onPress={() => onPageChange(current + 1)}
          >
            <span className={styles.buttonText}>Next</span>
            <Icon name="chevronRight" size="sm" />
          </Button>
          <Button
            intent="toolbarAction"
            size="icon"
            aria-label="Last"
            isDisabled={atEnd}
            onPress={() => onPageChange(pageCount)}
          >
            <Icon name="chevronsRight" size="sm" />
          </Button>
        </div>
      </div>
    </nav>
  )
}
