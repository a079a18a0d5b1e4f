import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Box, ErrorState, Skeleton } from '~/ui'

export interface WidgetBodyProps<T, E> {
  query: UseQueryResult<T, E>
  /** What loads, for the status and the error ('the fleet'). */
  what: string
  children: (data: T) => ReactNode
}

/** A widget's loading skeleton, its error with a retry, or its content. */
export function WidgetBody<T, E>({ query, what, children }: WidgetBodyProps<T, E>) {
  if (query.isPending) {
    return (
      <Box display="grid" gap="md" padding="lg" role="status" aria-label={`Loading ${what}`}>
        <Skeleton shape="rect" height="2rem" width="60%" />
        <Skeleton shape="rect" height="1.25rem" />
      </Box>
    )
  }
  if (query.isError) {
    return (
      <ErrorState
        size="sm"
        message={`Could not load ${what}.`}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    )
  }
  return children(query.data)
}
