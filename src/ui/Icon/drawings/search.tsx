import { namedIcon } from '../IconSvg'

export const search = (
  <>
    <circle cx="11" cy="11" r="8" />
    <path d="m21 21-4.3-4.3" />
  </>
)
export const SearchIcon = /* @__PURE__ */ namedIcon('SearchIcon', search)
