import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Card, SkeletonRows, type ErrorStateProps } from '~/ui'
import { WidgetBody } from './WidgetBody'

export interface ListCardProps {
  query: UseQueryResult<unknown, unknown>
  /** The skeleton's status while the list loads ('Loading API keys'). */
  loading: string
  /** @default 3 */
  skeletonRows?: number
  /** Loading although the query has answered (a search still on its way). */
  isLoading?: boolean
  /** What failed, and a title where the default one does not fit. */
  error: Pick<ErrorStateProps, 'title' | 'message'>
  /** What stands for an empty list (an EmptyState); nothing while the list has rows. */
  empty?: ReactNode
  /** The list, and what goes with it in the card (a pager). */
  children: ReactNode
}

/** A list page's card: its loading rows, its error with a retry, its empty state, or the list. */
export function ListCard(props: ListCardProps) {
  return (
    <Card padding="none">
      <WidgetBody
        query={props.query}
        what={props.loading}
        loading={<SkeletonRows label={props.loading} rows={props.skeletonRows} />}
        isLoading={props.isLoading}
        error={props.error}
        empty={props.empty}
      >
        {() => props.children}
      </WidgetBody>
    </Card>
  )
}
