import { namedIcon } from '../IconSvg'

export const plus = <path d="M5 12h14M12 5v14" />
export const PlusIcon = /* @__PURE__ */ namedIcon('PlusIcon', plus)
