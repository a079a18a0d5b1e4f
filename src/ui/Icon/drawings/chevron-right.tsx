import { namedIcon } from '../IconSvg'

export const chevronRight = <path d="m9 18 6-6-6-6" />
export const ChevronRightIcon = /* @__PURE__ */ namedIcon('ChevronRightIcon', chevronRight)
