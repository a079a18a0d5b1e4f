import { globalStyle, style } from '@vanilla-extract/css'

/*
 * What every layout primitive's element starts from: no margin, padding or bullets, so a `ul`, `dl`,
 * `p` or `form` lays out as a `div` would. Zero specificity (`:where`), so a caller's class wins.
 */
export const reset = style({})
globalStyle(`:where(${reset})`, { margin: 0, padding: 0, listStyle: 'none' })
