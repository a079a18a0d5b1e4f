import { DescriptionList, Text } from '~/ui'
import { costLine, costParts, type PricedFigure } from './cost'

export interface CostSummaryProps {
  figure: PricedFigure
  currency: string | null
  /** 'xs' under a figure in a grid of several (the consumption presets). @default 'sm' */
  size?: 'xs' | 'sm'
}

/**
 * What a figure cost: its parts as a bill lists them where a feed-in credit or demand charge
 * applies (issue 35), else the one muted line import-only meters always had; nothing where
 * nothing is priced.
 */
export function CostSummary({ figure, currency, size = 'sm' }: CostSummaryProps) {
  const parts = costParts(figure, currency)
  if (parts)
    return (
      <DescriptionList
        amounts
        size={size}
        items={parts.map(({ part, term, value }) => [
          term,
          part === 'total' ? <Text weight="semibold">{value}</Text> : value,
        ])}
      />
    )
  const line = costLine(figure, currency)
  return (
    line && (
      <Text as="p" size={size} tone="muted">
        {line}
      </Text>
    )
  )
}
