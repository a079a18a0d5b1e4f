import { namedIcon } from '../IconSvg'

export const check = <path d="M20 6 9 17l-5-5" />
export const CheckIcon = /* @__PURE__ */ namedIcon('CheckIcon', check)
