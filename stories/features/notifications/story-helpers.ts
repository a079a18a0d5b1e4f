/**
 * react-aria announces a pending button through a live region that points at the button by id and
 * lingers for seconds; once the button is gone (a mark-read item re-rendered as read, a closed
 * dialog), the label points at nothing. That invisible region is react-aria's, not the page's, so
 * the accessibility check looks at everything but it.
 */
export const a11yOutsideAnnouncer = {
  context: { include: ['body'], exclude: ['[data-live-announcer]'] },
}

/**
 * Toasts of failed calls carry the request id, new on every run; their screenshots could never
 * match. Those stories keep their play assertions and skip the visual baseline.
 */
export const noVisualBaseline = { visual: false } as const
