import type { ReactNode } from 'react'
import { Inline, Stack } from '~/ui'
import { sprinkles } from '~/styles'

/** A card's short list (offline devices, top consumers, unread notifications), a line above each row. */
export function CardList({
  as = 'ul',
  children,
  'aria-label': label,
}: {
  /** 'ol' when the order means something (a ranking). @default 'ul' */
  as?: 'ul' | 'ol'
  children: ReactNode
  'aria-label': string
}) {
  return (
    <Stack as={as} space="none" aria-label={label}>
      {children}
    </Stack>
  )
}

/** One row: what it is at the start, its figure or time at the end. */
export function CardListItem({ children }: { children: ReactNode }) {
  return (
    <Inline
      as="li"
      space="md"
      align="between"
      alignY="center"
      wrap="nowrap"
      className={sprinkles({ paddingY: 'sm', borderTop: 'line' })}
    >
      {children}
    </Inline>
  )
}
