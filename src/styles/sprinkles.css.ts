import { createSprinkles, defineProperties } from '@vanilla-extract/sprinkles'
import { vars } from './vars.css'
import { breakpoints } from './tokens'

/*
 * Atomic layout classes for feature code: `sprinkles({ display: 'flex', gap: 'md', padding: { mobile: 'md', desktop: 'xl' } })`.
 * Colour mode needs no condition here: colours are theme variables that switch with the class on <html>.
 */
const space = vars.space

const responsive = defineProperties({
  conditions: {
    mobile: {},
    tablet: { '@media': `screen and (min-width: ${breakpoints.tablet}px)` },
    desktop: { '@media': `screen and (min-width: ${breakpoints.desktop}px)` },
  },
  defaultCondition: 'mobile',
  responsiveArray: ['mobile', 'tablet', 'desktop'],
  properties: {
    display: ['none', 'block', 'inline', 'inline-block', 'flex', 'inline-flex', 'grid'],
    flexDirection: ['row', 'column', 'row-reverse', 'column-reverse'],
    flexWrap: ['wrap', 'nowrap'],
    alignItems: ['stretch', 'flex-start', 'center', 'flex-end', 'baseline'],
    justifyContent: ['stretch', 'flex-start', 'center', 'flex-end', 'space-between'],
    gridTemplateColumns: {
      1: '1fr',
      2: 'repeat(2, minmax(0, 1fr))',
      3: 'repeat(3, minmax(0, 1fr))',
      4: 'repeat(4, minmax(0, 1fr))',
    },
    gap: space,
    paddingTop: space,
    paddingBottom: space,
    paddingLeft: space,
    paddingRight: space,
    marginTop: space,
    marginBottom: space,
    marginLeft: space,
    marginRight: space,
    width: { auto: 'auto', full: '100%' },
    textAlign: ['left', 'center', 'right'],
  },
  shorthands: {
    padding: ['paddingTop', 'paddingBottom', 'paddingLeft', 'paddingRight'],
    paddingX: ['paddingLeft', 'paddingRight'],
    paddingY: ['paddingTop', 'paddingBottom'],
    margin: ['marginTop', 'marginBottom', 'marginLeft', 'marginRight'],
    marginX: ['marginLeft', 'marginRight'],
    marginY: ['marginTop', 'marginBottom'],
  },
})

const colors = defineProperties({
  properties: {
    color: {
      text: vars.color.text,
      muted: vars.color.textMuted,
      brand: vars.color.brand,
      danger: vars.color.danger,
      success: vars.color.success,
      warning: vars.color.warning,
    },
    background: {
      background: vars.color.background,
      surface: vars.color.surface,
      sunken: vars.color.surfaceSunken,
      brandSoft: vars.color.brandSoft,
    },
    fontSize: vars.fontSize,
    fontWeight: vars.fontWeight,
    borderRadius: vars.radius,
    boxShadow: vars.shadow,
    // A frame ('line', or 'dashed' for a placeholder), or a line between a bar and what it bars off.
    border: { line: `1px solid ${vars.color.border}`, dashed: `1px dashed ${vars.color.border}` },
    borderTop: { line: `1px solid ${vars.color.border}` },
    borderBottom: { line: `1px solid ${vars.color.border}` },
  },
})

export const sprinkles = createSprinkles(responsive, colors)
export type Sprinkles = Parameters<typeof sprinkles>[0]
