import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { Icon, navLinkClassName } from '~/ui'
import { EnvironmentBadge } from '../shared/EnvironmentBadge'
import type { SessionUser } from '../auth/session'
import { UserMenu } from './UserMenu'
import * as styles from './shell.css'

export interface TopBarProps {
  user: SessionUser | null
  /** Left side: the hamburger and logo. */
  start?: ReactNode
  /** The notification bell (the notifications feature fills it). */
  bell?: ReactNode
  /** Says when live updates are off (the live feature fills it). */
  live?: ReactNode
  /** @default the build's environment */
  environment?: string
}

/** Spec §2 'Top bar': bell, environment badge outside production, user menu; Login when signed out. */
export function TopBar({ user, start, bell, live, environment }: TopBarProps) {
  return (
    <header className={styles.topBar}>
      {start}
      <div className={styles.topBarSpacer} />
      <EnvironmentBadge environment={environment} />
      {user ? (
        <>
          {live}
          {bell}
          <UserMenu user={user} />
        </>
      ) : (
        <Link to="/login" className={navLinkClassName}>
          <Icon name="user" size="sm" /> Login
        </Link>
      )}
    </header>
  )
}
