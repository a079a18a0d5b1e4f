import { Outlet } from '@tanstack/react-router'
import { Logo } from './Logo'
import * as styles from './shell.css'

/** Spec §2 minimal layout: the logo only (used by /settings). */
export function MinimalLayout() {
  return (
    <div className={styles.appFrame}>
      <header className={styles.topBar}>
        <Logo />
      </header>
      <main className={styles.wizardMain} id="main">
        <Outlet />
      </main>
    </div>
  )
}
