import { Button, Icon, Inline } from '~/ui'
import { sprinkles } from '~/styles'

export interface PagerProps {
  /** 0-based index of the first row shown. */
  skip: number
  pageSize: number
  total: number
  onSkipChange: (skip: number) => void
  /** What the rows are, for the range text ('users'). */
  noun: string
}

/** 'Showing a-b of n' with Previous and Next; hidden when everything fits on one page. */
export function Pager({ skip, pageSize, total, onSkipChange, noun }: PagerProps) {
  if (total <= pageSize && skip === 0) return null
  const last = Math.min(skip + pageSize, total)
  const page = Math.floor(skip / pageSize) + 1
  const pages = Math.max(1, Math.ceil(total / pageSize))
  return (
    <Inline
      as="nav"
      space="md"
      align="between"
      alignY="center"
      aria-label={`Pages of ${noun}`}
      className={sprinkles({
        paddingY: 'md',
        paddingX: 'lg',
        borderTop: 'line',
        color: 'muted',
        fontSize: 'sm',
      })}
    >
      <span aria-live="polite">
        Showing {total === 0 ? 0 : skip + 1}-{last} of {total} {noun}
      </span>
      <Inline space="xs" wrap="nowrap">
        <Button
          intent="toolbarAction"
          isDisabled={page <= 1}
          onPress={() => onSkipChange(Math.max(0, skip - pageSize))}
        >
          <Icon name="chevronLeft" size="sm" /> Previous
        </Button>
        <span aria-hidden="true">
          Page {page} of {pages}
        </span>
        <Button
          intent="toolbarAction"
          isDisabled={page >= pages}
          onPress={() => onSkipChange(skip + pageSize)}
        >
          Next <Icon name="chevronRight" size="sm" />
        </Button>
      </Inline>
    </Inline>
  )
}
