import { namedIcon } from '../IconSvg'

export const devices = (
  <>
    <rect x="4" y="4" width="16" height="16" rx="2" />
    <rect x="9" y="9" width="6" height="6" rx="1" />
    <path d="M15 2v2M15 20v2M2 15h2M2 9h2M20 15h2M20 9h2M9 2v2M9 20v2" />
  </>
)
export const DevicesIcon = /* @__PURE__ */ namedIcon('DevicesIcon', devices)
