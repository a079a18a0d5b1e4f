import { namedIcon } from '../IconSvg'

export const refresh = (
  <path d="M3 12a9 9 0 0 1 9-9 9.75 9.75 0 0 1 6.74 2.74L21 8M21 3v5h-5M21 12a9 9 0 0 1-9 9 9.75 9.75 0 0 1-6.74-2.74L3 16M8 16H3v5" />
)
export const RefreshIcon = /* @__PURE__ */ namedIcon('RefreshIcon', refresh)
