import { sprinkles, type Sprinkles } from '~/styles/sprinkles.css'
import { conditions, type ResponsiveClasses } from './responsive'

/*
 * Build-time only: imported by the layout primitives' .css.ts files, whose exports vanilla-extract
 * turns into plain strings, so the sprinkles function never reaches the browser through them.
 */

type ResponsiveProperty = 'gap' | 'alignItems' | 'justifyContent' | 'flexDirection' | 'display'

/**
 * The sprinkles class of every value of a responsive property, at each condition. `values` lists
 * the sprinkles values, or maps the primitive's names to them (`{ start: 'flex-start' }`).
 */
export function atomsByCondition<V extends string>(
  property: ResponsiveProperty,
  values: readonly V[] | Record<V, string>,
): ResponsiveClasses<V> {
  const pairs: [V, string][] = Array.isArray(values)
    ? values.map((v: V) => [v, v])
    : (Object.entries(values) as [V, string][])
  const atom = (condition: string, value: string) =>
    sprinkles({ [property]: { [condition]: value } } as Sprinkles)
  return Object.fromEntries(
    conditions.map((condition) => [
      condition,
      Object.fromEntries(pairs.map(([name, value]) => [name, atom(condition, value)])),
    ]),
  ) as ResponsiveClasses<V>
}

/** Flex alignment by name, as the primitives' props say it. */
export const flexAlign = {
  stretch: 'stretch',
  start: 'flex-start',
  center: 'center',
  end: 'flex-end',
  baseline: 'baseline',
  between: 'space-between',
} as const
