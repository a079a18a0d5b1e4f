import { namedIcon } from '../IconSvg'

export const reports = <path d="M3 3v18h18M18 17V9M13 17V5M8 17v-3" />
export const ReportsIcon = /* @__PURE__ */ namedIcon('ReportsIcon', reports)
