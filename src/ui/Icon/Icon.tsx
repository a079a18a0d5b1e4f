import * as styles from './Icon.css'
import { iconPaths } from './paths'

export const iconNames = Object.keys(iconPaths) as IconName[]
export type IconName = keyof typeof iconPaths
export const iconSizes = ['xs', 'sm', 'md', 'lg', 'xl'] as const
export type IconSize = (typeof iconSizes)[number]

export interface IconProps {
  name: IconName
  /** xs 14px, sm 16px, md 20px, lg 24px, xl 40px. @default 'md' */
  size?: IconSize
  /** Gives the icon a name (role img); without it the icon is decorative and hidden from assistive tech. */
  label?: string
  className?: string
}

/** An inline SVG icon; it takes the text colour (`currentColor`). */
export function Icon({ name, size = 'md', label, className }: IconProps) {
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true as const }
  return (
    <svg
      viewBox="0 0 24 24"
      focusable="false"
      className={[styles.icon({ size }), className].filter(Boolean).join(' ')}
      {...a11y}
    >
      {iconPaths[name]}
    </svg>
  )
}

type NamedIconProps = Omit<IconProps, 'name'>
const named = (name: IconName) => {
  const C = (props: NamedIconProps) => <Icon name={name} {...props} />
  C.displayName = `${name[0]!.toUpperCase()}${name.slice(1)}Icon`
  return C
}

export const DashboardIcon = named('dashboard')
export const DevicesIcon = named('devices')
export const ReportsIcon = named('reports')
export const BellIcon = named('bell')
export const UsersIcon = named('users')
export const UserIcon = named('user')
export const DebugIcon = named('debug')
export const SettingsIcon = named('settings')
export const MenuIcon = named('menu')
export const CloseIcon = named('close')
export const ChevronLeftIcon = named('chevronLeft')
export const ChevronRightIcon = named('chevronRight')
export const ChevronDownIcon = named('chevronDown')
export const ChevronUpIcon = named('chevronUp')
export const ChevronsLeftIcon = named('chevronsLeft')
export const ChevronsRightIcon = named('chevronsRight')
export const SearchIcon = named('search')
export const PlusIcon = named('plus')
export const TrashIcon = named('trash')
export const EditIcon = named('edit')
export const DownloadIcon = named('download')
export const UploadIcon = named('upload')
export const RefreshIcon = named('refresh')
export const LogoutIcon = named('logout')
export const CheckIcon = named('check')
export const AlertIcon = named('alert')
export const InfoIcon = named('info')
export const BoltIcon = named('bolt')
export const WifiOffIcon = named('wifiOff')
