import { Skeleton, Stack, VisuallyHidden } from '~/ui'

/** Two card-high bars while a list of cards (rules, alarms) loads, with its status for readers. */
export function CardsSkeleton({ label }: { label: string }) {
  return (
    <Stack space="md">
      <span role="status">
        <VisuallyHidden>{label}</VisuallyHidden>
      </span>
      <Skeleton shape="rect" height="5.5rem" />
      <Skeleton shape="rect" height="5.5rem" />
    </Stack>
  )
}
