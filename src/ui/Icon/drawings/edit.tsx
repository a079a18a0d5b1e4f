import { namedIcon } from '../IconSvg'

export const edit = <path d="M17 3a2.85 2.85 0 1 1 4 4L7.5 20.5 2 22l1.5-5.5ZM15 5l4 4" />
export const EditIcon = /* @__PURE__ */ namedIcon('EditIcon', edit)
