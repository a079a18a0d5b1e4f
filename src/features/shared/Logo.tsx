import { Link } from '@tanstack/react-router'
import { BoltIcon } from '~/ui'
import * as styles from './logo.css'

/** The product logo; links home when `linked`. */
export function Logo({ linked = true }: { /** @default true */ linked?: boolean }) {
  const content = (
    <>
      <span className={styles.logoMark}>
        <BoltIcon size="sm" />
      </span>
      <span className={styles.visuallyHiddenOnNarrow}>Meterdeck</span>
    </>
  )
  return linked ? (
    <Link to="/dashboard" className={styles.logo} aria-label="Meterdeck home">
      {content}
    </Link>
  ) : (
    <span className={styles.logo}>{content}</span>
  )
}
