import { namedIcon } from '../IconSvg'

export const menu = <path d="M4 6h16M4 12h16M4 18h16" />
export const MenuIcon = /* @__PURE__ */ namedIcon('MenuIcon', menu)
