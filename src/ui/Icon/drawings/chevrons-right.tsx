import { namedIcon } from '../IconSvg'

export const chevronsRight = <path d="m6 17 5-5-5-5M13 17l5-5-5-5" />
export const ChevronsRightIcon = /* @__PURE__ */ namedIcon('ChevronsRightIcon', chevronsRight)
