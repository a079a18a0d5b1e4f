import { style } from '@vanilla-extract/css'
import { vars } from '../../styles'

export const stack = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  minWidth: 0,
})

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.md,
})

export const toolbarNote = style({
  flex: 1,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
})

/** On a phone the action goes under the text, so the text keeps the card's width. */
const NARROW = 'screen and (max-width: 767px)'

export const historyItem = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  paddingInlineEnd: vars.space.md,
  '@media': { [NARROW]: { flexDirection: 'column', gap: 0 } },
})

/** The text takes the room the action leaves, however wide the action's intent makes it. */
export const historyText = style({ flex: 1, minWidth: 0 })

export const itemAction = style({
  flexShrink: 0,
  marginTop: vars.space.sm,
  '@media': {
    [NARROW]: {
      alignSelf: 'flex-end',
      marginTop: `calc(-1 * ${vars.space.sm})`,
      marginBottom: vars.space.sm,
    },
  },
})

export const skeletonList = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.lg,
})

export const footnote = style({
  margin: 0,
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
})

/* Rules */

export const ruleList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
})

export const rule = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.md,
  padding: vars.space.lg,
})

export const ruleText = style({
  flex: '1 1 16rem',
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
})

export const ruleName = style({
  margin: 0,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  overflowWrap: 'anywhere',
})

export const ruleMeta = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
})

/** Why the server deactivated the rule (its last watched device went). */
export const ruleReason = style({
  margin: 0,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  fontSize: vars.fontSize.sm,
  color: vars.color.warning,
})

export const ruleActions = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap' })

export const inactive = style({ borderStyle: 'dashed' })

export const formRow = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(10rem, 1fr))',
  gap: vars.space.md,
})
