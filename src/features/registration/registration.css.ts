import { style } from '@vanilla-extract/css'
import { vars } from '../../styles'

export const page = style({
  maxWidth: '56rem',
  margin: '0 auto',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
})
export const choices = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 18rem), 1fr))',
})
export const choice = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.xl,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  color: vars.color.text,
  textDecoration: 'none',
  selectors: {
    '&:hover': { borderColor: vars.color.brand },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
})
export const choiceTitle = style({
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
})
export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: 0 })
export const steps = style({
  listStyle: 'none',
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  fontSize: vars.fontSize.sm,
})
export const step = style({
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.full,
  background: vars.color.surfaceSunken,
  color: vars.color.textMuted,
  selectors: {
    '&[aria-current="step"]': {
      background: vars.color.brandSoft,
      color: vars.color.brand,
      fontWeight: vars.fontWeight.semibold,
    },
  },
})
export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg })
export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  justifyContent: 'space-between',
})
export const row = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignItems: 'center',
})
export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: `${vars.space.sm} ${vars.space.lg}`,
  margin: 0,
  fontSize: vars.fontSize.sm,
})
export const term = style({ color: vars.color.textMuted })
export const value = style({ margin: 0, overflowWrap: 'anywhere' })
export const pair = style({ display: 'contents' })
export const tableWrap = style({
  overflowX: 'auto',
  maxHeight: '24rem',
  overflowY: 'auto',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
})
export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: vars.fontSize.sm,
})
export const th = style({
  textAlign: 'left',
  padding: vars.space.sm,
  background: vars.color.surfaceSunken,
  position: 'sticky',
  top: 0,
  whiteSpace: 'nowrap',
})
export const td = style({
  padding: vars.space.sm,
  borderTop: `1px solid ${vars.color.border}`,
  verticalAlign: 'top',
})
export const bad = style({ color: vars.color.danger })
export const good = style({ color: vars.color.success })
export const errorList = style({ margin: 0, paddingLeft: vars.space.lg, color: vars.color.danger })
