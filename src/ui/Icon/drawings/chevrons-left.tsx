import { namedIcon } from '../IconSvg'

export const chevronsLeft = <path d="m11 17-5-5 5-5M18 17l-5-5 5-5" />
export const ChevronsLeftIcon = /* @__PURE__ */ namedIcon('ChevronsLeftIcon', chevronsLeft)
