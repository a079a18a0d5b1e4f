import { createVar, style } from '@vanilla-extract/css'
import { atomsByCondition, flexAlign } from '../private/atoms'
import { spaceNames } from '../private/responsive'

export const minItemWidth = createVar()

/** As many columns as fit, each at least the item width (never wider than the grid itself). */
const track = `minmax(min(100%, ${minItemWidth}), 1fr)`
export const tiles = style({
  display: 'grid',
  gridTemplateColumns: `repeat(auto-fit, ${track})`,
})
/** Empty tracks stay, so a lone item keeps the width it has beside others. */
export const fill = style({ gridTemplateColumns: `repeat(auto-fill, ${track})` })
export const space = atomsByCondition('gap', spaceNames)
export const alignY = atomsByCondition('alignItems', {
  stretch: flexAlign.stretch,
  top: flexAlign.start,
  center: flexAlign.center,
  bottom: flexAlign.end,
})
