import type { ReactNode } from 'react'
import { Box, Heading, Inline, Stack, Text } from '~/ui'
import * as styles from './page.css'

/**
 * The title block every page starts with. Its actions (Register device, Download CSV, New tenant)
 * sit beside the title where both fit, at the top of the line, and wrap under the lead on a
 * phone: the title takes the room it needs first (page.css `grow`).
 */
export function PageHeader({
  title,
  lead,
  actions,
}: {
  title: string
  lead?: ReactNode
  /** The page's own buttons or links, not a toolbar's. */
  actions?: ReactNode
}) {
  return (
    <Box marginBottom="xl">
      <Inline space="md" align="between" alignY="top">
        <Stack space="xs" className={styles.grow}>
          <Heading level={1}>{title}</Heading>
          {lead && (
            <Text as="p" tone="muted">
              {lead}
            </Text>
          )}
        </Stack>
        {actions}
      </Inline>
    </Box>
  )
}
