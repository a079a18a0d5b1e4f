import { style } from '@vanilla-extract/css'

/** The device search beside its chosen tags, under the other controls (stacked when narrow). */
export const devices = style({ gridColumn: '1 / -1' })
