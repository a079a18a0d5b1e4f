import { Outlet } from '@tanstack/react-router'
import { SkipLink } from '~/ui'
import { EnvironmentBadge } from '../shared/EnvironmentBadge'
import { Logo } from '../shared/Logo'
import * as styles from './shell.css'

/** Spec §2 minimal layout: the logo only (used by /settings), and the environment outside production. */
export function MinimalLayout() {
  return (
    <div className={styles.appFrame}>
      <SkipLink />
      <header className={styles.topBar}>
        <Logo />
        <div className={styles.topBarSpacer} />
        <EnvironmentBadge />
      </header>
      <main className={styles.wizardMain} id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  )
}
