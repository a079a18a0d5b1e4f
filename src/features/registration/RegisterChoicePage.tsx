import { Link } from '@tanstack/react-router'
import { Icon } from '../../ui'
import { PageHeader } from '../shared/PageHeader'
import * as styles from './registration.css'

/** Spec §2: the choice between registering one device and a batch. */
export function RegisterChoicePage() {
  return (
    <div className={styles.page}>
      <PageHeader
        title="Register devices"
        lead="Add one meter step by step, or many at once from a spreadsheet."
      />
      <div className={styles.choices}>
        <Link to="/register-device/single" className={styles.choice}>
          <Icon name="plus" size="lg" />
          <span className={styles.choiceTitle}>One device</span>
          <span className={styles.muted}>
            Identity, location, model and handler, then a review before anything is saved.
          </span>
        </Link>
        <Link to="/register-device/batch" className={styles.choice}>
          <Icon name="upload" size="lg" />
          <span className={styles.choiceTitle}>A batch from CSV</span>
          <span className={styles.muted}>
            Download the template, fill it in, and every row is checked before any device is
            created.
          </span>
        </Link>
      </div>
    </div>
  )
}
