import { Outlet } from '@tanstack/react-router'
import { SkipLink } from '~/ui'
import { useSessionUser } from '../auth/use-session'
import { LiveIndicatorSlot } from '../live/LiveIndicator'
import { Logo } from '../shared/Logo'
import { NotificationBellSlot } from './NotificationBellSlot'
import { TopBar } from './TopBar'
import * as styles from './shell.css'

/**
 * Spec §2 minimal layout (/settings: "minimal layout with header, no sidebar"): no sidebar and no
 * hamburger, but the app's top bar, so the page has its ways back: the logo to the dashboard, the
 * notification bell and the user menu (issue 32).
 */
export function MinimalLayout() {
  const user = useSessionUser()
  return (
    <div className={styles.appFrame}>
      <SkipLink />
      <TopBar
        user={user}
        start={<Logo />}
        bell={<NotificationBellSlot />}
        live={<LiveIndicatorSlot />}
      />
      <main className={styles.wizardMain} id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  )
}
