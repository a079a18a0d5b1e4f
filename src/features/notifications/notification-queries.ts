import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import {
  getUnreadNotificationCountOptions,
  invalidate,
  listNotificationsOptions,
  markAllNotificationsReadMutation,
  markNotificationReadMutation,
  queryPolicy,
} from '~/api'

/** Spec §9: the bell shows 20 deliveries; feed and unread count refetch every 60 s. */
export const BELL_FEED_LIMIT = 20
export const NOTIFICATIONS_REFRESH_MS = 60_000
/** The history pages through the newest deliveries the API returns in one call (its maximum). */
export const HISTORY_FETCH_LIMIT = 100
export const HISTORY_PAGE_SIZE = 20

// A poll that fails every minute must not raise a toast every minute: the bell shows it inline.
const polled = {
  ...queryPolicy('realTime'),
  refetchInterval: NOTIFICATIONS_REFRESH_MS,
  meta: { silent: true },
}

export const bellFeedOptions = () =>
  queryOptions({ ...listNotificationsOptions({ query: { limit: BELL_FEED_LIMIT } }), ...polled })

/**
 * The newest unread deliveries: the bell's feed is the newest deliveries read or not, so an unread
 * one older than 20 read ones is not in it, and a list filtered from it said "You're all caught
 * up" beside "1 unread".
 */
export const latestUnreadOptions = (limit: number) =>
  queryOptions({
    ...listNotificationsOptions({ query: { limit, unread_only: true } }),
    ...polled,
  })

export const unreadCountOptions = () =>
  queryOptions({ ...getUnreadNotificationCountOptions(), ...polled })

export const historyOptions = (unreadOnly: boolean) =>
  queryOptions({
    ...listNotificationsOptions({
      query: { limit: HISTORY_FETCH_LIMIT, ...(unreadOnly ? { unread_only: true } : {}) },
    }),
    ...queryPolicy('realTime'),
    refetchInterval: NOTIFICATIONS_REFRESH_MS,
  })

/** Every feed (bell and history) and the unread count, after a delivery changed. */
export function useRefreshNotifications() {
  const queryClient = useQueryClient()
  return useCallback(
    () => invalidate(queryClient, ['listNotifications', 'getUnreadNotificationCount']),
    [queryClient],
  )
}

/** Marks one delivery read; `onError` decides what a failure shows (the bell shows nothing). */
export function useMarkRead(onError: (error: unknown) => void) {
  const refresh = useRefreshNotifications()
  return useMutation({ ...markNotificationReadMutation(), onSuccess: refresh, onError })
}

export function useMarkAllRead(onError: (error: unknown) => void) {
  const refresh = useRefreshNotifications()
  return useMutation({ ...markAllNotificationsReadMutation(), onSuccess: refresh, onError })
}
