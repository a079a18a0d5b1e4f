import { EmptyState } from '../../ui'
import { PageHeader } from './PageHeader'

/** A designed placeholder for pages whose content a later feature brings. */
export function ComingSoon({ title, feature }: { title: string; feature: string }) {
  return (
    <>
      <PageHeader title={title} />
      <EmptyState
        icon="bolt"
        title={`Coming with ${feature}`}
        description="This page is part of the console's frame already; its content lands with the feature that fills it."
      />
    </>
  )
}
