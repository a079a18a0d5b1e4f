import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Box, ErrorState, Skeleton, type ErrorStateProps } from '~/ui'

type WidgetError = Pick<ErrorStateProps, 'title' | 'message' | 'size'>

export interface WidgetBodyProps<T, E> {
  query: UseQueryResult<T, E>
  /** What loads, for the default status and error ('the fleet'). */
  what: string
  /**
   * The placeholder while it loads, with its own status (a list's rows, a chart's block).
   * @default two bars in a status labelled 'Loading {what}'
   */
  loading?: ReactNode
  /** Loading although the query has answered (a search still on its way). @default false */
  isLoading?: boolean
  /**
   * What failed, in the screen's words, or made from the error; the retry is always there.
   * @default { message: 'Could not load {what}.', size: 'sm' }
   */
  error?: WidgetError | ((error: E) => WidgetError)
  /** What stands for empty data (an EmptyState); nothing while there is content. */
  empty?: ReactNode
  children: (data: T) => ReactNode
}

/**
 * A query's states, the one way the console shows them: its loading placeholder, its error with a
 * retry, its empty state, or its content.
 */
export function WidgetBody<T, E>(props: WidgetBodyProps<T, E>) {
  const { query, what, error = { message: `Could not load ${what}.`, size: 'sm' } } = props
  if (query.isPending || props.isLoading) {
    return (
      props.loading ?? (
        <Box display="grid" gap="md" padding="lg" role="status" aria-label={`Loading ${what}`}>
          <Skeleton shape="rect" height="2rem" width="60%" />
          <Skeleton shape="rect" height="1.25rem" />
        </Box>
      )
    )
  }
  if (query.isError) {
    return (
      <ErrorState
        {...(typeof error === 'function' ? error(query.error) : error)}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    )
  }
  return props.empty || props.children(query.data)
}
