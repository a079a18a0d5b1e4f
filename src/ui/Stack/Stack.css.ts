import { globalStyle, style } from '@vanilla-extract/css'
import { vars } from '~/styles/vars.css'
import { atomsByCondition, flexAlign } from '../private/atoms'
import { spaceNames } from '../private/responsive'

export const stack = style({ display: 'flex', flexDirection: 'column' })
export const space = atomsByCondition('gap', spaceNames)
export const align = atomsByCondition('alignItems', {
  stretch: flexAlign.stretch,
  start: flexAlign.start,
  center: flexAlign.center,
  end: flexAlign.end,
})

/** A line between children, not after the last: a list of rows reads as one block. */
export const dividers = style({})
globalStyle(`${dividers} > * + *`, { borderTop: `1px solid ${vars.color.border}` })
