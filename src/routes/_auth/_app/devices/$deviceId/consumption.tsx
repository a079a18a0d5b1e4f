import { createFileRoute } from '@tanstack/react-router'
import { consumptionSearch } from '../../../../../lib/search-params'
import { ComingSoon } from '../../../../../features/shell/ComingSoon'

export const Route = createFileRoute('/_auth/_app/devices/$deviceId/consumption')({
  validateSearch: consumptionSearch,
  component: () => <ComingSoon title="Consumption" feature="consumption views" />,
})
