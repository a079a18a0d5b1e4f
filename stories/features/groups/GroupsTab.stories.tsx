import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { UsersPage, type UsersPageTab } from '~/features/users/UsersPage'
import { baseHandlers, failing, pending } from '~/mocks/handlers'
import { groups, users } from '~/mocks/fixtures'
import { peopleHandlers, signedInAs } from '~/mocks/users-groups'
import { mobileViewport } from '../../ui/helpers'
import { withAppServices } from '../../support/with-app-services'
import { withToasts } from '../users/support'

const [developer, , admin] = users

function UsersPageWithTab({ tab: initial }: { tab: UsersPageTab }) {
  const [tab, setTab] = useState(initial)
  return <UsersPage tab={tab} onTabChange={setTab} />
}

/** Its own database per story, so a change in one story does not leak into the next. */
const data = (who = developer!, options?: Parameters<typeof peopleHandlers>[0]) => ({
  msw: { handlers: { ...baseHandlers, auth: signedInAs(who), ...peopleHandlers(options) } },
})

const meta = {
  title: 'Features/Groups/GroupsTab',
  component: UsersPageWithTab,
  decorators: [withToasts, withAppServices],
  args: { tab: 'groups' },
  parameters: data(),
} satisfies Meta<typeof UsersPageWithTab>
export default meta
type Story = StoryObj<typeof meta>

const body = () => within(document.body)
const toast = async (title: string, message: string) => {
  await waitFor(() => expect(body().getByText(title)).toBeVisible())
  // Within the toast: the live region may announce the same message elsewhere in <body>.
  const toastElement = body().getByText(title).closest<HTMLElement>('[role="alertdialog"]')!
  await expect(within(toastElement).getByText(message)).toBeVisible()
}
/** A group without devices, which can be deleted. */
const emptyGroup = {
  ...groups[1]!,
  id: '1b6f0c9a-0000-4000-8000-000000000003',
  name: 'Quay Storage',
  device_count: 0,
  description: null,
}

export const Default: Story = {
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('grid')
    await expect(within(table).getByText('Northwind Energy')).toBeVisible()
    await expect(within(table).getByText('Harbor Utilities')).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'New group' })).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Delete Harbor Utilities' })).toBeVisible()
  },
}

export const Admin: Story = {
  parameters: data(admin!, { groups: [groups[0]!] }),
  play: async ({ canvas }) => {
    await canvas.findByRole('grid')
    await expect(canvas.queryByRole('button', { name: 'New group' })).toBeNull()
    await expect(canvas.getByRole('button', { name: 'Edit Northwind Energy' })).toBeVisible()
    await expect(canvas.queryByRole('button', { name: 'Delete Northwind Energy' })).toBeNull()
  },
}

export const CreateGroup: Story = {
  parameters: data(),
  play: async ({ canvas, step }) => {
    await canvas.findByRole('grid')
    canvas.getByRole('button', { name: 'New group' }).focus()
    await userEvent.keyboard('{Enter}')
    const dialog = await body().findByRole('dialog', { name: 'New group' })
    await userEvent.type(within(dialog).getByLabelText(/Description/), 'Cold stores by the river')
    await userEvent.type(within(dialog).getByLabelText(/Name/), 'Riverside Cold Storage{Enter}')
    await step('spec §8 success toast', () =>
      toast('Group created', 'Add members to begin assigning devices.'),
    )
    await step('the new group opens on its members', async () => {
      const members = await body().findByRole('dialog', {
        name: 'Members of Riverside Cold Storage',
      })
      await expect(await within(members).findByText('No members yet')).toBeVisible()
    })
  },
}

export const CreateGroupFails: Story = {
  parameters: data(),
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'New group' }))
    const dialog = await body().findByRole('dialog', { name: 'New group' })
    await userEvent.type(within(dialog).getByLabelText(/Name/), 'northwind energy{Enter}')
    await toast('Failed to create group', 'Verify the group details and try again.')
    await expect(
      within(dialog).getByText('A group named northwind energy already exists'),
    ).toBeVisible()
  },
}

export const UpdateGroup: Story = {
  parameters: data(),
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Edit Harbor Utilities' }))
    const dialog = await body().findByRole('dialog', { name: 'Edit Harbor Utilities' })
    const name = within(dialog).getByLabelText(/Name/)
    await userEvent.clear(name)
    await userEvent.type(name, 'Harbor Utilities East{Enter}')
    await toast('Group updated', 'Changes have been saved.')
    await expect(await canvas.findByText('Harbor Utilities East')).toBeVisible()
  },
}

export const UpdateGroupFails: Story = {
  parameters: {
    msw: {
      handlers: {
        ...data().msw.handlers,
        groups: [failing('/api/v1/groups/:id', 500), ...data().msw.handlers.groups],
      },
    },
  },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Edit Harbor Utilities' }))
    const dialog = await body().findByRole('dialog', { name: 'Edit Harbor Utilities' })
    await userEvent.type(within(dialog).getByLabelText(/Name/), ' East{Enter}')
    await toast('Failed to update group', 'Please review the group settings and try again.')
  },
}

export const DeleteGroup: Story = {
  parameters: data(developer!, { groups: [...groups, emptyGroup] }),
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Delete Quay Storage' }))
    const confirm = await body().findByRole('alertdialog', { name: 'Delete group?' })
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete group' }))
    await toast('Group deleted', 'All members have been unassigned from this group.')
    await waitFor(() => expect(canvas.queryByText('Quay Storage')).toBeNull())
  },
}

export const DeleteGroupWithDevices: Story = {
  parameters: data(),
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Delete Harbor Utilities' }))
    const confirm = await body().findByRole('alertdialog', { name: 'Delete group?' })
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete group' }))
    await toast(
      'Cannot delete group',
      'Ensure the group has no dependent resources before deleting.',
    )
    await expect(canvas.getByText('Harbor Utilities')).toBeVisible()
  },
}

export const Members: Story = {
  parameters: data(),
  play: async ({ canvas }) => {
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Members of Northwind Energy' }),
    )
    const dialog = await body().findByRole('dialog', { name: 'Members of Northwind Energy' })
    // Each dialog is looked at once it has faded in.
    await waitFor(() => expect(within(dialog).getByText('Ada Admin')).toBeVisible())
    await expect(within(dialog).getByText('Uma User')).toBeVisible()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add member' }))
    const form = await body().findByRole('dialog', { name: 'New user' })
    await waitFor(() =>
      expect(within(form).getByRole('button', { name: /Northwind Energy/ })).toBeVisible(),
    )
  },
}

export const Empty: Story = {
  parameters: data(developer!, { groups: [] }),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No groups yet')).toBeVisible()
  },
}

export const Loading: Story = {
  parameters: {
    msw: {
      handlers: {
        ...baseHandlers,
        auth: signedInAs(developer!),
        groups: [pending('/api/v1/groups/')],
      },
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status', { name: 'Loading groups' })).toBeInTheDocument()
  },
}

export const LoadError: Story = {
  parameters: {
    msw: {
      handlers: {
        ...baseHandlers,
        auth: signedInAs(developer!),
        groups: [failing('/api/v1/groups/')],
      },
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('The groups could not be loaded.')).toBeVisible()
  },
}

export const NarrowScreen: Story = {
  globals: mobileViewport,
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Northwind Energy')).toBeVisible()
  },
}

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await canvas.findByRole('grid')
  },
}

/** An admin opens their group's energy settings from its row. */
export const EnergyAndBilling: Story = {
  parameters: data(admin!, { groups: [groups[0]!] }),
  play: async ({ canvas }) => {
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Energy & billing of Northwind Energy' }),
    )
    const dialog = await body().findByRole('dialog', { name: 'Energy & billing: Northwind Energy' })
    await waitFor(() => expect(within(dialog).getByLabelText(/Currency/)).toHaveValue('EUR'))
  },
}
