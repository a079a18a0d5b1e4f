import { namedIcon } from '../IconSvg'

export const info = (
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="M12 16v-4M12 8h.01" />
  </>
)
export const InfoIcon = /* @__PURE__ */ namedIcon('InfoIcon', info)
