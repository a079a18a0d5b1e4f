import { useCallback, useEffect, useId, useRef } from 'react'
import type { Alarm, AlarmState } from '~/api'

/** An alarm just acknowledged or cleared, where it stood, and the state it left. */
interface Settled {
  id: string
  index: number
  from: AlarmState
}

const firstButton = (item: Element | undefined) =>
  item?.querySelector<HTMLElement>('button:not([disabled])') ?? null

/**
 * Where focus goes once an alarm is acknowledged or cleared, when the list shows the change: the
 * button pressed is gone (an acknowledged alarm has no Acknowledge button, a cleared one leaves an
 * "active" list), and focus would fall to the top of the page. It goes to the alarm's own next
 * action if it stays, else to the next alarm's first button (the previous one's at the end), else
 * to `fallback` (what the page offers once the list is empty).
 */
export function useAlarmFocus(
  items: readonly Alarm[] | undefined,
  fallback: () => HTMLElement | null,
) {
  // The list by id: the layout primitives take no ref.
  const listId = useId()
  // Read when the list's next answer renders; setting it renders nothing by itself.
  const settledRef = useRef<Settled | null>(null)
  useEffect(() => {
    const settled = settledRef.current
    if (!settled || !items) return
    const index = items.findIndex((alarm) => alarm.id === settled.id)
    // The list has not caught up with the change yet: wait for its next answer.
    if (index >= 0 && items[index]!.state === settled.from) return
    settledRef.current = null
    const rows = [...(document.getElementById(listId)?.children ?? [])]
    const next = index >= 0 ? index + 1 : settled.index
    const target =
      (index >= 0 ? firstButton(rows[index]) : null) ??
      firstButton(rows[next]) ??
      firstButton(rows[next - 1]) ??
      fallback()
    target?.focus()
  }, [items, fallback, listId])
  const onSettled = useCallback((alarm: Alarm, index: number) => {
    settledRef.current = { id: alarm.id, index, from: alarm.state }
  }, [])
  return { listId, onSettled }
}
