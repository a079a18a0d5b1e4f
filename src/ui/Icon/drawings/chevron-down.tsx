import { namedIcon } from '../IconSvg'

export const chevronDown = <path d="m6 9 6 6 6-6" />
export const ChevronDownIcon = /* @__PURE__ */ namedIcon('ChevronDownIcon', chevronDown)
