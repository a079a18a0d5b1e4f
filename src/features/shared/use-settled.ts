import { useEffect, useState } from 'react'

/** How long typing must pause before a search goes to the URL or the server. */
export const SEARCH_DEBOUNCE_MS = 250

/** `value`, once it has stopped changing for `ms`: a search asks the server once per pause. */
export function useSettled<T>(value: T, ms = SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return settled
}
