import { Badge } from '~/ui'
import { appEnvironment } from '~/lib/environment'

/** Spec §1: outside production every layout names the environment it runs in. */
export function EnvironmentBadge({
  environment = appEnvironment,
}: {
  /** @default the build's environment */
  environment?: string
}) {
  if (environment === 'production') return null
  return (
    <Badge variant="outline" size="sm">
      {environment.toUpperCase()}
    </Badge>
  )
}
