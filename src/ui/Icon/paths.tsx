import type { ReactElement } from 'react'
import { dashboard } from './drawings/dashboard'
import { devices } from './drawings/devices'
import { reports } from './drawings/reports'
import { bell } from './drawings/bell'
import { users } from './drawings/users'
import { user } from './drawings/user'
import { debug } from './drawings/debug'
import { settings } from './drawings/settings'
import { menu } from './drawings/menu'
import { close } from './drawings/close'
import { chevronLeft } from './drawings/chevron-left'
import { chevronRight } from './drawings/chevron-right'
import { chevronDown } from './drawings/chevron-down'
import { chevronUp } from './drawings/chevron-up'
import { chevronsLeft } from './drawings/chevrons-left'
import { chevronsRight } from './drawings/chevrons-right'
import { search } from './drawings/search'
import { plus } from './drawings/plus'
import { minus } from './drawings/minus'
import { trash } from './drawings/trash'
import { edit } from './drawings/edit'
import { download } from './drawings/download'
import { upload } from './drawings/upload'
import { refresh } from './drawings/refresh'
import { logout } from './drawings/logout'
import { check } from './drawings/check'
import { alert } from './drawings/alert'
import { alertCircle } from './drawings/alert-circle'
import { info } from './drawings/info'
import { checkCircle } from './drawings/check-circle'
import { bolt } from './drawings/bolt'
import { wifiOff } from './drawings/wifi-off'
import { calendar } from './drawings/calendar'
import { camera } from './drawings/camera'
import { image } from './drawings/image'
import { inbox } from './drawings/inbox'
import { moreVertical } from './drawings/more-vertical'
import { trendingUp } from './drawings/trending-up'
import { trendingDown } from './drawings/trending-down'

/*
 * Outline icons on a 24px grid, 2px round strokes (drawn in the style of Lucide, ISC licence), one
 * module each (in drawings/, beside its named icon): a named icon takes only its own drawing into a
 * bundle, while `<Icon name>` reads this map and takes them all.
 */
export const iconPaths = {
  dashboard,
  devices,
  reports,
  bell,
  users,
  user,
  debug,
  settings,
  menu,
  close,
  chevronLeft,
  chevronRight,
  chevronDown,
  chevronUp,
  chevronsLeft,
  chevronsRight,
  search,
  plus,
  minus,
  trash,
  edit,
  download,
  upload,
  refresh,
  logout,
  check,
  alert,
  alertCircle,
  info,
  checkCircle,
  bolt,
  wifiOff,
  calendar,
  camera,
  image,
  inbox,
  moreVertical,
  trendingUp,
  trendingDown,
} satisfies Record<string, ReactElement>
