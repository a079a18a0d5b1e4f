import { IconSvg, type IconSvgProps } from './IconSvg'
import { iconPaths } from './paths'

export { iconSizes, type IconSize } from './IconSvg'
export const iconNames = Object.keys(iconPaths) as IconName[]
export type IconName = keyof typeof iconPaths

export interface IconProps extends IconSvgProps {
  name: IconName
}

/**
 * An inline SVG icon by name; it takes the text colour (`currentColor`). It carries every drawing:
 * where a bundle must stay small, use the named icon (`BoltIcon`), which carries only its own.
 */
export function Icon({ name, ...props }: IconProps) {
  return <IconSvg {...props}>{iconPaths[name]}</IconSvg>
}
