import { useLayoutEffect, useRef, type ReactNode } from 'react'
import { Link as AriaLink, composeRenderProps, type LinkProps } from 'react-aria-components'
import { cx } from '../private/cx'
import * as styles from './LinkTabs.css'

export interface LinkTabsProps {
  /** What the strip leads between, e.g. 'Device pages'. */
  'aria-label': string
  /** The current tab's name: the strip scrolls it into view when it changes. */
  current: string
  /** `LinkTab`s, or router links wearing `linkTabClassName` with `aria-current="page"` on the current one. */
  children: ReactNode
  className?: string
}

/** Marks which edges of the sideways-scrolling strip have more beyond them, for the fade cue. */
function markOverflow(nav: HTMLElement) {
  const end = nav.scrollWidth - nav.clientWidth - nav.scrollLeft
  nav.toggleAttribute('data-more-start', nav.scrollLeft > 1)
  nav.toggleAttribute('data-more-end', end > 1)
}

/**
 * Tabs that are links to sibling pages (a device's Overview, Consumption, Settings…): a `nav` of
 * links, the current one marked with `aria-current="page"`, not react-aria's Tabs (whose panels
 * live on one page). On a phone the strip scrolls, the current tab centred and cut edges faded.
 */
export function LinkTabs({ current, className, children, ...props }: LinkTabsProps) {
  const ref = useRef<HTMLElement>(null)
  useLayoutEffect(() => {
    const nav = ref.current
    if (!nav) return
    const tab = nav.querySelector<HTMLElement>('[aria-current="page"]')
    // Centre the current tab in the strip (scrollIntoView would also scroll the page); again when
    // the strip's size changes: it may be laid out narrower after this first pass (late styles or
    // fonts, a rotated phone), and a tab centred in the wider strip is then cut off.
    const centre = () => {
      if (tab) nav.scrollLeft = tab.offsetLeft - (nav.clientWidth - tab.offsetWidth) / 2
      markOverflow(nav)
    }
    centre()
    const resize = new ResizeObserver(centre)
    resize.observe(nav)
    const update = () => markOverflow(nav)
    nav.addEventListener('scroll', update, { passive: true })
    return () => {
      resize.disconnect()
      nav.removeEventListener('scroll', update)
    }
  }, [current])
  return (
    <nav ref={ref} className={cx(styles.strip, className)} {...props}>
      {children}
    </nav>
  )
}

/** One tab of `LinkTabs`; `isCurrent` marks the page shown. */
export function LinkTab({ isCurrent, className, ...props }: LinkProps & { isCurrent?: boolean }) {
  return (
    <AriaLink
      {...props}
      aria-current={isCurrent ? 'page' : undefined}
      className={composeRenderProps(className, (cls) => cx(styles.tab, cls))}
    />
  )
}

/** `LinkTab`'s look for a link the ui cannot render: the router's own `<Link>`. */
export const linkTabClassName = styles.tab
