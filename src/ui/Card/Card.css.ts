import { style } from '@vanilla-extract/css'
import { recipe } from '@vanilla-extract/recipes'
import { vars } from '~/styles/vars.css'

export const card = recipe({
  base: {
    display: 'flex',
    flexDirection: 'column',
    minWidth: 0,
    background: vars.color.surface,
    color: vars.color.text,
    border: `1px solid ${vars.color.border}`,
    borderRadius: vars.radius.lg,
  },
  variants: {
    elevation: {
      flat: {},
      raised: { boxShadow: vars.shadow.sm },
      floating: { boxShadow: vars.shadow.md },
    },
  },
  defaultVariants: { elevation: 'raised' },
})

// On a narrow card the actions go below the title rather than squeeze it into pieces of words.
export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space.md,
  padding: `${vars.space.lg} ${vars.space.xl} 0`,
})

export const headerText = style({
  display: 'grid',
  gap: vars.space.xxs,
  minWidth: 0,
  flex: '1 1 10rem',
})

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.tight,
  overflowWrap: 'anywhere',
})

export const description = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
})

export const actions = style({ display: 'flex', gap: vars.space.sm, flexShrink: 0 })

export const body = recipe({
  base: { flex: 1, minWidth: 0 },
  variants: {
    padding: {
      none: {},
      md: { padding: `${vars.space.lg} ${vars.space.xl}` },
    },
  },
  defaultVariants: { padding: 'md' },
})

export const footer = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
  padding: `${vars.space.md} ${vars.space.xl}`,
  borderTop: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceSunken,
  borderEndStartRadius: vars.radius.lg,
  borderEndEndRadius: vars.radius.lg,
})
