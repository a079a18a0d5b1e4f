import { useEffect, useRef } from 'react'

/** react-aria's LiveAnnouncer holds back the first announcement of a page this long. */
const FIRST_ANNOUNCEMENT_DELAY_MS = 100

/** Removes live announcements whose labelling elements are all gone from the document. */
function dropOrphanedAnnouncements() {
  for (const node of document.querySelectorAll('[data-live-announcer] [aria-labelledby]')) {
    const ids = (node.getAttribute('aria-labelledby') ?? '').split(/\s+/).filter(Boolean)
    if (!ids.some((id) => document.getElementById(id))) node.remove()
  }
}

/**
 * react-aria announces a focused button going pending (and back) through a live region that points
 * at the button's id for seven seconds. When the button unmounts first (a dialog closing on
 * success, a wizard moving on), that region names nothing: assistive tech reads an empty image and
 * axe rightly fails it. When a button that has been pending unmounts, announcements that name
 * nothing any more go with it, now and again after a first announcement still held back.
 */
export function useAnnouncementsLeaveWithButton(isPending: boolean) {
  const wasPending = useRef(false)
  useEffect(() => {
    if (isPending) wasPending.current = true
  }, [isPending])
  useEffect(
    () => () => {
      if (!wasPending.current) return
      queueMicrotask(dropOrphanedAnnouncements)
      setTimeout(dropOrphanedAnnouncements, FIRST_ANNOUNCEMENT_DELAY_MS)
    },
    [],
  )
}
