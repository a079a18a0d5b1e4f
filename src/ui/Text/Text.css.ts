import { style } from '@vanilla-extract/css'
import { sprinkles } from '~/styles/sprinkles.css'
import { vars } from '~/styles/vars.css'

/* Sizes, weights and tones are the sprinkles' atoms; tones are theme colours, so dark theme follows. */

export const textSizes = ['xs', 'sm', 'md', 'lg', 'xl', 'xxl', 'display'] as const
export const textWeights = ['regular', 'medium', 'semibold', 'bold'] as const
export const textTones = ['neutral', 'muted', 'brand', 'critical', 'positive', 'caution'] as const

const toneColor = {
  neutral: 'text',
  muted: 'muted',
  brand: 'brand',
  critical: 'danger',
  positive: 'success',
  caution: 'warning',
} as const

const mapOf = <K extends string>(keys: readonly K[], classOf: (key: K) => string) =>
  Object.fromEntries(keys.map((key) => [key, classOf(key)])) as Record<K, string>

export const size = mapOf(textSizes, (fontSize) => sprinkles({ fontSize }))
export const weight = mapOf(textWeights, (fontWeight) => sprinkles({ fontWeight }))
export const tone = mapOf(textTones, (t) => sprinkles({ color: toneColor[t] }))

export const tabularNums = style({ fontVariantNumeric: 'tabular-nums' })
/** Long names and ids wrap anywhere rather than widening the page. */
export const breakWord = style({ overflowWrap: 'anywhere' })
export const truncate = style({
  display: 'block',
  maxWidth: '100%',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
})
export const nowrap = style({ whiteSpace: 'nowrap' })
export const mono = style({ fontFamily: vars.font.mono })
