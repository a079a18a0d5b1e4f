import { namedIcon } from '../IconSvg'

export const trash = (
  <path d="M3 6h18M19 6v14c0 1-1 2-2 2H7c-1 0-2-1-2-2V6M8 6V4c0-1 1-2 2-2h4c1 0 2 1 2 2v2M10 11v6M14 11v6" />
)
export const TrashIcon = /* @__PURE__ */ namedIcon('TrashIcon', trash)
