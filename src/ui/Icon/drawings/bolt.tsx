import { namedIcon } from '../IconSvg'

export const bolt = <path d="M13 2 3 14h9l-1 8 10-12h-9l1-8z" />
export const BoltIcon = /* @__PURE__ */ namedIcon('BoltIcon', bolt)
