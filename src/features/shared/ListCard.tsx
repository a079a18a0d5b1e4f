import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Card, ErrorState, SkeletonRows } from '~/ui'

export interface ListCardProps {
  query: UseQueryResult<unknown, unknown>
  /** The skeleton's status while the list loads ('Loading API keys'). */
  loading: string
  /** @default 3 */
  skeletonRows?: number
  /** Loading although the query has answered (a search still on its way). */
  isLoading?: boolean
  /** What failed, and a title where the default one does not fit. */
  error: { title?: string; message: ReactNode }
  /** What stands for an empty list (an EmptyState); nothing while the list has rows. */
  empty?: ReactNode
  /** The list, and what goes with it in the card (a pager). */
  children: ReactNode
}

/** A list page's card: its loading rows, its error with a retry, its empty state, or the list. */
export function ListCard(props: ListCardProps) {
  const { query, error } = props
  return (
    <Card padding="none">
      {query.isPending || props.isLoading ? (
        <SkeletonRows label={props.loading} rows={props.skeletonRows} />
      ) : query.isError ? (
        <ErrorState
          title={error.title}
          message={error.message}
          onRetry={() => void query.refetch()}
          isRetrying={query.isFetching}
        />
      ) : (
        props.empty || props.children
      )}
    </Card>
  )
}
