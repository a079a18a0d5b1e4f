import { namedIcon } from '../IconSvg'

export const chevronUp = <path d="m18 15-6-6-6 6" />
export const ChevronUpIcon = /* @__PURE__ */ namedIcon('ChevronUpIcon', chevronUp)
