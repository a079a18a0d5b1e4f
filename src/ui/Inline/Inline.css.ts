import { style, styleVariants } from '@vanilla-extract/css'
import { atomsByCondition, flexAlign } from '../private/atoms'
import { spaceNames } from '../private/responsive'

export const inline = style({ display: 'flex' })
export const wrap = styleVariants({
  wrap: { flexWrap: 'wrap' },
  nowrap: { flexWrap: 'nowrap' },
  reverse: { flexWrap: 'wrap-reverse' },
})
export const space = atomsByCondition('gap', spaceNames)
export const align = atomsByCondition('justifyContent', {
  start: flexAlign.start,
  center: flexAlign.center,
  end: flexAlign.end,
  between: flexAlign.between,
})
export const alignY = atomsByCondition('alignItems', {
  stretch: flexAlign.stretch,
  top: flexAlign.start,
  center: flexAlign.center,
  bottom: flexAlign.end,
  baseline: flexAlign.baseline,
})
