import { useEffect } from 'react'

/** Ids of mounted buttons that have been pending, so react-aria may have announced them. */
const announcedIds = new Set<string>()
/** react-aria's LiveAnnouncer holds back the first announcement of a page this long. */
const FIRST_ANNOUNCEMENT_DELAY_MS = 100

function dropAnnouncementsOf(id: string) {
  const selector = `[data-live-announcer] [aria-labelledby~="${CSS.escape(id)}"]`
  for (const node of document.querySelectorAll(selector)) node.remove()
}

/**
 * react-aria announces a focused button going pending (and back) through a live region that points
 * at the button's id for seven seconds. When the button unmounts first (a dialog closing on
 * success, a row re-rendered), that region names nothing: assistive tech reads an empty image and
 * axe rightly fails it. The announcement of a button that is gone goes with it, including a first
 * announcement still held back (a timer set after react-aria's fires after it).
 */
export function useAnnouncementsLeaveWithButton(id: string, isPending: boolean) {
  useEffect(() => {
    if (isPending) announcedIds.add(id)
  }, [id, isPending])
  useEffect(
    () => () => {
      if (!announcedIds.delete(id)) return
      dropAnnouncementsOf(id)
      setTimeout(() => dropAnnouncementsOf(id), FIRST_ANNOUNCEMENT_DELAY_MS)
    },
    [id],
  )
}
