/*
 * Responsive values of the layout primitives (Stack, Inline, Columns, Tiles, Text): one value, or
 * one per screen size from the sprinkles' conditions. The classes are the sprinkles' own atomic
 * classes, picked at build time in each primitive's .css.ts (`atomsByCondition`), so a page that
 * uses a primitive does not load the whole sprinkles class map (the sign-in page counts its bytes).
 */
export const conditions = ['mobile', 'tablet', 'desktop'] as const
export type Condition = (typeof conditions)[number]

/** `'md'`, or `{ mobile: 'sm', desktop: 'lg' }` (a size without a value takes the smaller one's). */
export type Responsive<V extends string> = V | Partial<Record<Condition, V>>

/** The class of each value at each condition. */
export type ResponsiveClasses<V extends string> = Record<Condition, Record<V, string>>

/** The classes that give `value` at each screen size; none for undefined. */
export function responsiveClasses<V extends string>(
  classes: ResponsiveClasses<V>,
  value: Responsive<V> | undefined,
): string[] {
  if (value === undefined) return []
  if (typeof value === 'string') return [classes.mobile[value]]
  return conditions.flatMap((condition) => {
    const v = value[condition]
    return v === undefined ? [] : [classes[condition][v]]
  })
}

/** The space scale's names (the theme's `space` tokens), for gaps. */
export const spaceNames = ['none', 'xxs', 'xs', 'sm', 'md', 'lg', 'xl', 'xxl', 'xxxl'] as const
export type Space = (typeof spaceNames)[number]
