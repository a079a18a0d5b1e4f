import { Link } from '@tanstack/react-router'
import { ContentBlock, Icon, Stack, Text, Tiles } from '~/ui'
import { PageHeader } from '../shared/PageHeader'
import * as styles from './registration.css'

/** Spec §2: the choice between registering one device and a batch. */
export function RegisterChoicePage() {
  return (
    <ContentBlock width="large">
      <Stack space="lg">
        <PageHeader
          title="Register devices"
          lead="Add one meter step by step, or many at once from a spreadsheet."
        />
        <Tiles space="lg" minItemWidth="18rem">
          <Link to="/register-device/single" className={styles.choice}>
            <Icon name="plus" size="lg" />
            <Text size="lg" weight="semibold">
              One device
            </Text>
            <Text size="sm" tone="muted">
              Identity, location, model and handler, then a review before anything is saved.
            </Text>
          </Link>
          <Link to="/register-device/batch" className={styles.choice}>
            <Icon name="upload" size="lg" />
            <Text size="lg" weight="semibold">
              A batch from CSV
            </Text>
            <Text size="sm" tone="muted">
              Download the template, fill it in, and every row is checked before any device is
              created.
            </Text>
          </Link>
        </Tiles>
      </Stack>
    </ContentBlock>
  )
}
