import { createFileRoute } from '@tanstack/react-router'
import { requireArea } from '~/features/auth/guards'
import { isElevated } from '~/features/auth/roles'
import { TenantWizard } from '~/features/tenants/TenantWizard'

export const Route = createFileRoute('/_auth/_wizard/users/new-tenant')({
  beforeLoad: (options) => {
    requireArea('users')(options)
    // Only developers and superusers create tenants (openapi createTenant); admins go back to /users.
    if (!isElevated(options.context.user.role))
      throw Route.redirect({ to: '/users', replace: true })
  },
  staticData: { title: 'New tenant', wizardExit: '/users' },
  component: NewTenantRoute,
})

function NewTenantRoute() {
  const navigate = Route.useNavigate()
  // Land on the new group: it is the scope now, and the groups tab marks it.
  return (
    <TenantWizard onCreated={() => void navigate({ to: '/users', search: { page: 'groups' } })} />
  )
}
