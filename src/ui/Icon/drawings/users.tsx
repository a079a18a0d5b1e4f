import { namedIcon } from '../IconSvg'

export const users = (
  <>
    <path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2M22 21v-2a4 4 0 0 0-3-3.87M16 3.13a4 4 0 0 1 0 7.75" />
    <circle cx="9" cy="7" r="4" />
  </>
)
export const UsersIcon = /* @__PURE__ */ namedIcon('UsersIcon', users)
