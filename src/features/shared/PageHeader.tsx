import type { ReactNode } from 'react'
import { Box, Heading, Stack, Text } from '~/ui'

/** The title block every page starts with. */
export function PageHeader({
  title,
  lead,
  actions,
}: {
  title: string
  lead?: ReactNode
  actions?: ReactNode
}) {
  return (
    <Box marginBottom="xl">
      <Stack space="xs">
        <Heading level={1}>{title}</Heading>
        {lead && (
          <Text as="p" tone="muted">
            {lead}
          </Text>
        )}
      </Stack>
      {actions}
    </Box>
  )
}
