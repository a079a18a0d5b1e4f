import { useEffect, useRef, useState } from 'react'
import { SEARCH_DEBOUNCE_MS } from '../shared/use-settled'

/**
 * The search box's text: updated on every keystroke (the list filters what it has at once), pushed
 * to the URL after a pause, and taken over from the URL when it changes from outside (back button).
 */
export function useSearchText(applied: string | undefined, push: (text: string) => void) {
  const [text, setText] = useState(applied ?? '')
  const pushed = useRef(applied ?? '')
  const pushRef = useRef(push)
  useEffect(() => {
    pushRef.current = push
  })

  useEffect(() => {
    const fromUrl = applied ?? ''
    if (fromUrl !== pushed.current) {
      pushed.current = fromUrl
      setText(fromUrl)
    }
  }, [applied])

  useEffect(() => {
    if (text.trim() === pushed.current.trim()) return
    const timer = setTimeout(() => {
      pushed.current = text
      pushRef.current(text)
    }, SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [text])

  return [text, setText] as const
}
