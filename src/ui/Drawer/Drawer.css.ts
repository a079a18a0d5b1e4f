import { keyframes, style } from '@vanilla-extract/css'
import { vars } from '~/styles/vars.css'
import { layout, zIndex } from '~/styles/tokens'

const fadeIn = keyframes({ from: { opacity: 0 } })
const fadeOut = keyframes({ to: { opacity: 0 } })
const slideIn = keyframes({ from: { transform: 'translateX(-100%)' } })
const slideOut = keyframes({ to: { transform: 'translateX(-100%)' } })

// Spec §2: 0.3 s slide with a fading backdrop; both leave together.
export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: zIndex.drawer,
  background: vars.color.overlay,
  selectors: {
    '&[data-entering]': { animation: `${fadeIn} ${vars.motion.drawer} ease-out` },
    '&[data-exiting]': { animation: `${fadeOut} ${vars.motion.drawer} ease-in` },
  },
})

export const panel = style({
  position: 'fixed',
  insetBlock: 0,
  insetInlineStart: 0,
  width: layout.drawerWidth,
  maxWidth: layout.drawerMaxWidth,
  display: 'flex',
  flexDirection: 'column',
  background: vars.color.surface,
  color: vars.color.text,
  borderInlineEnd: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.lg,
  outline: 'none',
  selectors: {
    '&[data-entering]': { animation: `${slideIn} ${vars.motion.drawer} ease-out` },
    '&[data-exiting]': { animation: `${slideOut} ${vars.motion.drawer} ease-in` },
  },
})

export const dialog = style({
  display: 'flex',
  flexDirection: 'column',
  height: '100%',
  minHeight: 0,
  outline: 'none',
})

export const header = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  minHeight: layout.topBarHeight,
  paddingInline: vars.space.lg,
  borderBottom: `1px solid ${vars.color.border}`,
})

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
})

export const body = style({ flex: 1, minHeight: 0, overflowY: 'auto', padding: vars.space.sm })
