import { Link, Outlet, useMatches } from '@tanstack/react-router'
import { Icon, SkipLink, navLinkClassName } from '~/ui'
import { EnvironmentBadge } from '../shared/EnvironmentBadge'
import { Logo } from '../shared/Logo'
import * as styles from './shell.css'

/** Spec §2 wizard layout: top bar with the logo, optional header content and an Exit link. */
export function WizardLayout() {
  const matches = useMatches()
  const exitTo =
    matches.findLast((m) => m.staticData.wizardExit)?.staticData.wizardExit ?? '/dashboard'
  return (
    <div className={styles.appFrame}>
      <SkipLink />
      <header className={styles.topBar}>
        <Logo />
        <div className={styles.topBarSpacer} id="wizard-header" />
        <EnvironmentBadge />
        <Link to={exitTo} className={navLinkClassName}>
          <Icon name="close" size="sm" /> Exit
        </Link>
      </header>
      <main className={styles.wizardMain} id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  )
}
