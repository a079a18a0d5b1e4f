import { createFileRoute } from '@tanstack/react-router'
import { deviceOverviewSearch } from '../../../../../lib/search-params'
import { ComingSoon } from '../../../../../features/shell/ComingSoon'

export const Route = createFileRoute('/_auth/_app/devices/$deviceId/')({
  validateSearch: deviceOverviewSearch,
  component: () => <ComingSoon title="Device overview" feature="device pages" />,
})
