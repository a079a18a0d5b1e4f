import { namedIcon } from '../IconSvg'

export const dashboard = (
  <>
    <rect x="3" y="3" width="7" height="9" rx="1" />
    <rect x="14" y="3" width="7" height="5" rx="1" />
    <rect x="14" y="12" width="7" height="9" rx="1" />
    <rect x="3" y="16" width="7" height="5" rx="1" />
  </>
)
export const DashboardIcon = /* @__PURE__ */ namedIcon('DashboardIcon', dashboard)
