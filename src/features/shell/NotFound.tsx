import { Link } from '@tanstack/react-router'
import { EmptyState } from '~/ui'
import * as styles from './shell.css'

export function NotFound() {
  return (
    <div className={styles.centered}>
      <EmptyState
        icon="alertCircle"
        title="Page not found"
        description="The page you were looking for does not exist or has moved."
        action={<Link to="/dashboard">Go to the dashboard</Link>}
      />
    </div>
  )
}
