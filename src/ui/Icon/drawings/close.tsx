import { namedIcon } from '../IconSvg'

export const close = <path d="M18 6 6 18M6 6l12 12" />
export const CloseIcon = /* @__PURE__ */ namedIcon('CloseIcon', close)
