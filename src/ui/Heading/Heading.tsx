import { Text, type TextProps } from '../Text/Text'

const sizeOfLevel = { 1: 'xxl', 2: 'lg', 3: 'md', 4: 'sm' } as const

export interface HeadingProps extends Omit<TextProps, 'as' | 'size'> {
  /** The heading's rank in the page's outline: h1 to h4. */
  level: 1 | 2 | 3 | 4
  /** The size, when the rank and the look differ. @default 'xxl', 'lg', 'md', 'sm' for levels 1 to 4 */
  size?: TextProps['size']
}

/** A heading of the page's outline, semibold, without margins. */
export function Heading({
  level,
  size = sizeOfLevel[level],
  weight = 'semibold',
  ...props
}: HeadingProps) {
  return <Text as={`h${level}`} size={size} weight={weight} {...props} />
}
