import { style } from '@vanilla-extract/css'
import { vars } from '~/styles'

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

/** A rule the server deactivated (its last watched device went), an alarm that cleared. */
export const inactive = style({ borderStyle: 'dashed' })
