import { Outlet, useLocation } from '@tanstack/react-router'
import { useCallback, useEffect, useState } from 'react'
import { Button, Drawer, Icon, SkipLink } from '~/ui'
import { layout } from '~/styles/tokens'
import { useSessionUser } from '../auth/use-session'
import { NotificationBellSlot } from './NotificationBellSlot'
import { LiveIndicatorSlot } from '../live/LiveIndicator'
import { Logo } from '../shared/Logo'
import { ServerNotices } from './ServerNotices'
import { Sidebar } from './Sidebar'
import { TopBar } from './TopBar'
import * as styles from './shell.css'

const desktopQuery = `(min-width: ${layout.desktopMinWidth}px)`

/** Closes the mobile drawer whenever the screen reaches desktop width (spec §2). */
function useCloseOnDesktop(close: () => void) {
  useEffect(() => {
    const media = window.matchMedia(desktopQuery)
    const onChange = () => media.matches && close()
    media.addEventListener('change', onChange)
    return () => media.removeEventListener('change', onChange)
  }, [close])
}

/** Spec §2 default layout: sticky top bar, 16rem sidebar from 1024px, a drawer below. */
export function AppLayout() {
  const user = useSessionUser()
  const { pathname } = useLocation()
  // The drawer belongs to the path it was opened on, so it closes by itself when the path changes.
  const [openedOn, setOpenedOn] = useState<string | null>(null)
  const drawerOpen = openedOn === pathname
  const setDrawerOpen = (open: boolean) => setOpenedOn(open ? pathname : null)
  const close = useCallback(() => setOpenedOn(null), [])
  useCloseOnDesktop(close)

  const start = (
    <>
      <Button
        intent="iconGhost"
        aria-label="Open navigation"
        className={styles.hamburger}
        onPress={() => setDrawerOpen(true)}
      >
        <Icon name="menu" />
      </Button>
      <Logo />
    </>
  )
  return (
    <div className={styles.appFrame}>
      <SkipLink />
      <TopBar
        user={user}
        start={start}
        bell={<NotificationBellSlot />}
        live={<LiveIndicatorSlot />}
      />
      <div className={styles.body}>
        <aside className={styles.sidebar} aria-label="Sidebar">
          <Sidebar user={user} />
        </aside>
        <Drawer
          title={<Logo linked={false} />}
          aria-label="Navigation"
          isOpen={drawerOpen}
          onOpenChange={setDrawerOpen}
        >
          <Sidebar user={user} onNavigate={close} />
        </Drawer>
        <main className={styles.main} id="main" tabIndex={-1}>
          <ServerNotices />
          <Outlet />
        </main>
      </div>
    </div>
  )
}
