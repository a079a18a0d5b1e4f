/**
 * The one way to touch cached queries in bulk: by the generated operation whose `_id` every
 * generated query key carries (Oxide's `invalidateEndpoint('diskList')`). Lint forbids calling
 * the QueryClient's invalidate/remove/cancel/refetch/reset methods anywhere else.
 */
import { partialMatchKey, type QueryClient, type QueryFilters } from '@tanstack/react-query'
import type * as generated from './__generated__/@tanstack/react-query.gen'

type Generated = typeof generated

/** Every operation that has a generated query: `listDevices`, `getDevice`, ... */
export type QueryOperation = {
  [K in keyof Generated]: K extends `${infer Op}InfiniteQueryKey`
    ? Op
    : K extends `${infer Op}QueryKey`
      ? Op
      : never
}[keyof Generated]

/** The options an operation's query key is made from (`{ path, query }`). */
export type KeyOptions<Op extends QueryOperation> = NonNullable<
  Parameters<Generated[`${Op}QueryKey`]>[0]
>
type Partly<T> = { [K in keyof T]?: T[K] extends object ? Partial<T[K]> : T[K] }

/** Narrows an operation to some of its calls, e.g. `{ path: { id } }`; left out fields match any. */
export type KeyParams<Op extends QueryOperation> = Op extends QueryOperation
  ? Partly<Pick<KeyOptions<Op>, Extract<keyof KeyOptions<Op>, 'path' | 'query'>>>
  : never

/**
 * Which cached queries: one operation or several, or all of them, each narrowed by `params` when
 * given (`'all', { path: { id } }` is everything about one object); or every query but some
 * operations.
 */
export type CacheScope<Op extends QueryOperation> =
  Op | readonly Op[] | { except: readonly QueryOperation[] } | 'all'

const operationOf = (queryKey: readonly unknown[]): unknown => {
  const head = queryKey[0]
  return typeof head === 'object' && head !== null && '_id' in head ? head._id : undefined
}

function cacheFilters<Op extends QueryOperation>(
  scope: CacheScope<Op>,
  params?: KeyParams<Op>,
): QueryFilters {
  if (scope === 'all') return params ? { queryKey: [params] } : {}
  if (typeof scope === 'string') return { queryKey: [{ ...params, _id: scope }] }
  if ('except' in scope) {
    const kept = new Set<unknown>(scope.except)
    return { predicate: (query) => !kept.has(operationOf(query.queryKey)) }
  }
  const keys = scope.map((op) => [{ ...params, _id: op }])
  return { predicate: (query) => keys.some((key) => partialMatchKey(query.queryKey, key)) }
}

/** Marks the queries stale and refetches the ones on screen; resolves when those are back. */
export const invalidate = <Op extends QueryOperation>(
  queryClient: QueryClient,
  scope: CacheScope<Op>,
  params?: KeyParams<Op>,
) => queryClient.invalidateQueries(cacheFilters(scope, params))

/** Drops the queries from the cache (their data must not be shown again). */
export const forget = <Op extends QueryOperation>(
  queryClient: QueryClient,
  scope: CacheScope<Op>,
  params?: KeyParams<Op>,
) => queryClient.removeQueries(cacheFilters(scope, params))

/** Aborts the queries still in flight; their data stays as it was. */
export const cancel = <Op extends QueryOperation>(
  queryClient: QueryClient,
  scope: CacheScope<Op>,
  params?: KeyParams<Op>,
) => queryClient.cancelQueries(cacheFilters(scope, params))
