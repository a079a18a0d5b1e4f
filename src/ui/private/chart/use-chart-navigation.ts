import { useCallback, useState, type KeyboardEvent, type PointerEvent } from 'react'

export type ActiveSource = 'keyboard' | 'pointer'

/**
 * The active point of a chart, driven by the pointer and by the keyboard alike: arrows step one
 * point, PageUp/PageDown a tenth of the series, Home/End jump to the ends, Escape hides the tooltip.
 */
export function useChartNavigation(
  count: number,
  indexAt: (x: number, y: number) => number | null,
) {
  const [state, setState] = useState<{ index: number; source: ActiveSource } | null>(null)
  // A shorter series (new data, narrower width) must not leave the tooltip pointing past its end.
  const index = state && state.index < count ? state.index : null

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      if (count === 0) return
      const page = Math.max(1, Math.round(count / 10))
      const from = index ?? -1
      const next = (() => {
        switch (event.key) {
          case 'ArrowRight':
          case 'ArrowDown':
            return index === null ? 0 : Math.min(count - 1, from + 1)
          case 'ArrowLeft':
          case 'ArrowUp':
            return index === null ? count - 1 : Math.max(0, from - 1)
          case 'PageDown':
            return Math.min(count - 1, Math.max(0, from) + page)
          case 'PageUp':
            return Math.max(0, (index ?? count) - page)
          case 'Home':
            return 0
          case 'End':
            return count - 1
          case 'Escape':
            return null
          default:
            return undefined
        }
      })()
      if (next === undefined) return
      event.preventDefault()
      setState(next === null ? null : { index: next, source: 'keyboard' })
    },
    [count, index],
  )

  const onPointerMove = useCallback(
    (event: PointerEvent<HTMLElement>) => {
      const rect = event.currentTarget.getBoundingClientRect()
      const i = indexAt(event.clientX - rect.left, event.clientY - rect.top)
      setState(i === null ? null : { index: i, source: 'pointer' })
    },
    [indexAt],
  )

  const clear = useCallback(() => setState(null), [])
  const onPointerLeave = useCallback(
    () => setState((s) => (s?.source === 'pointer' ? null : s)),
    [],
  )

  return {
    index,
    source: state?.source ?? null,
    onKeyDown,
    onPointerMove,
    onPointerLeave,
    onBlur: clear,
  }
}

/** Index of the nearest value in a sorted array (binary search). */
export function nearestIndex(sorted: ArrayLike<number>, value: number): number {
  let lo = 0
  let hi = sorted.length - 1
  if (hi < 0) return -1
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1
    if (sorted[mid]! < value) lo = mid
    else hi = mid
  }
  return Math.abs(sorted[lo]! - value) <= Math.abs(sorted[hi]! - value) ? lo : hi
}
