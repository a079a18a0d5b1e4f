import { namedIcon } from '../IconSvg'

export const chevronLeft = <path d="m15 18-6-6 6-6" />
export const ChevronLeftIcon = /* @__PURE__ */ namedIcon('ChevronLeftIcon', chevronLeft)
