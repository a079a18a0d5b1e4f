import { style } from '@vanilla-extract/css'
import { breakpoints } from '~/styles/tokens'

/**
 * What the layout primitives (src/ui: Stack, Inline, Tiles, Text...) do not say, shared by the
 * pages: the tables of users, groups and reports, the pager, a growing toolbar field.
 */
const narrow = `screen and (max-width: ${breakpoints.tablet - 1}px)`

export const grow = style({ flex: '1 1 16rem', minWidth: 0 })

/** Shown on phones only: what hidden columns say, repeated under the name. */
export const narrowOnly = style({ display: 'none', '@media': { [narrow]: { display: 'block' } } })
