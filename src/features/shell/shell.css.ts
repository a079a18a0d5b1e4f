import { keyframes, style } from '@vanilla-extract/css'
import { vars } from '~/styles'
import { layout } from '~/styles/tokens'

const desktop = `screen and (min-width: ${layout.desktopMinWidth}px)`

export const appFrame = style({ minHeight: '100vh', display: 'flex', flexDirection: 'column' })

export const topBar = style({
  position: 'sticky',
  top: 0,
  zIndex: 20,
  height: layout.topBarHeight,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  padding: `0 ${vars.space.lg}`,
  '@media': {
    'screen and (max-width: 640px)': { gap: vars.space.xs, padding: `0 ${vars.space.sm}` },
  },
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  // The environment accent (spec §1) shows as a thin line along the top.
  boxShadow: `inset 0 3px 0 ${vars.color.accent}`,
})

export const topBarSpacer = style({ flex: 1 })

export const hamburger = style({ '@media': { [desktop]: { display: 'none' } } })

export const body = style({ display: 'flex', flex: 1, minHeight: 0 })

export const sidebar = style({
  display: 'none',
  '@media': {
    [desktop]: {
      display: 'block',
      width: layout.sidebarWidth,
      flexShrink: 0,
      borderRight: `1px solid ${vars.color.border}`,
      background: vars.color.surface,
      position: 'sticky',
      top: layout.topBarHeight,
      height: `calc(100vh - ${layout.topBarHeight})`,
      overflowY: 'auto',
    },
  },
})

// The skip link focuses the page's main region (tabIndex -1); it is not a control to outline.
export const main = style({
  outline: 'none',
  flex: 1,
  minWidth: 0,
  padding: vars.space.xl,
  '@media': { 'screen and (max-width: 640px)': { padding: vars.space.lg } },
})

export const navList = style({ padding: vars.space.md })

export const wizardMain = style({
  outline: 'none',
  width: '100%',
  maxWidth: '56rem',
  margin: '0 auto',
  padding: vars.space.xl,
})

export const centered = style({
  minHeight: '100vh',
  display: 'grid',
  placeItems: 'center',
  padding: vars.space.lg,
  background: vars.color.background,
})

export const pageFailure = style({
  display: 'grid',
  placeItems: 'center',
  paddingBlock: vars.space.xl,
})

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } })

export const loadingOverlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: 50,
  display: 'grid',
  placeItems: 'center',
  background: vars.color.overlay,
  animation: `${fadeIn} ${vars.motion.normal} ease-out`,
})

/*
 * The loading overlay and the failure screen run from the entry: plain classes there, since a
 * layout primitive would put the primitives in every route's first JavaScript (login's budget).
 */
export const loadingCard = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surfaceRaised,
  boxShadow: vars.shadow.lg,
  color: vars.color.text,
})

export const scopeSelect = style({ minWidth: '12rem' })

export const avatar = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: '2rem',
  height: '2rem',
  borderRadius: vars.radius.full,
  background: vars.color.brandSoft,
  color: vars.color.brand,
  fontWeight: vars.fontWeight.semibold,
  fontSize: vars.fontSize.xs,
  '::before': { content: 'attr(data-initials)' },
})
export const userMenu = style({
  padding: vars.space.sm,
  minWidth: '16rem',
  outline: 'none',
})

export const failureActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  marginTop: vars.space.md,
})
export const failureDetails = style({
  marginTop: vars.space.lg,
  padding: vars.space.md,
  maxWidth: '40rem',
  overflowX: 'auto',
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xs,
  background: vars.color.surfaceSunken,
  borderRadius: vars.radius.md,
  whiteSpace: 'pre-wrap',
})

/** The server's notices for admins, above the page's own content (ServerNotices). */
export const serverNotices = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  marginBottom: vars.space.lg,
})

export const serverNotice = style({
  display: 'grid',
  // The text takes the room; the button keeps its own width beside it (below it when narrow).
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  alignItems: 'start',
  gap: vars.space.md,
  '@media': {
    'screen and (max-width: 640px)': {
      gridTemplateColumns: 'minmax(0, 1fr)',
      justifyItems: 'start',
      gap: vars.space.sm,
    },
  },
})

export const serverNoticeText = style({ overflowWrap: 'anywhere' })
