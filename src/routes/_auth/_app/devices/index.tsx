import { createFileRoute } from '@tanstack/react-router'
import { devicesSearch } from '../../../../lib/search-params'
import { ComingSoon } from '../../../../features/shell/ComingSoon'

export const Route = createFileRoute('/_auth/_app/devices/')({
  validateSearch: devicesSearch,
  component: () => <ComingSoon title="Devices" feature="the device list" />,
})
