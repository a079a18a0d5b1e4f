import { style, styleVariants } from '@vanilla-extract/css'
import { atomsByCondition, flexAlign } from '../private/atoms'
import { spaceNames } from '../private/responsive'

export const columns = style({ display: 'flex' })
export const space = atomsByCondition('gap', spaceNames)
export const direction = atomsByCondition('flexDirection', ['row', 'column'])
export const alignY = atomsByCondition('alignItems', {
  stretch: flexAlign.stretch,
  top: flexAlign.start,
  center: flexAlign.center,
  bottom: flexAlign.end,
  baseline: flexAlign.baseline,
})

export const columnWidth = styleVariants({
  /** Takes the room the others leave, and may shrink below its content's width. */
  fluid: { flex: '1 1 0%', minWidth: 0 },
  /** As wide as its content, never squeezed. */
  content: { flex: '0 0 auto' },
})
