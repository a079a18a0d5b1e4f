import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { UsersPage, type UsersPageTab } from '~/features/users/UsersPage'
import { baseHandlers, failing, pending } from '~/mocks/handlers'
import { users } from '~/mocks/fixtures'
import { manyUsers, peopleHandlers, signedInAs } from '~/mocks/users-groups'
import { mobileViewport } from '../../ui/helpers'
import { withAppServices } from '../../support/with-app-services'
import { withToasts } from './support'

const [developer, , admin] = users

/** The page with its tab in state, as the route keeps it in the URL. */
function UsersPageWithTab({ tab: initial }: { tab: UsersPageTab }) {
  const [tab, setTab] = useState(initial)
  return <UsersPage tab={tab} onTabChange={setTab} />
}

const meta = {
  title: 'Features/Users/UsersPage',
  component: UsersPageWithTab,
  decorators: [withToasts, withAppServices],
  args: { tab: 'users' },
  parameters: {
    msw: { handlers: { ...baseHandlers, auth: signedInAs(admin!), ...peopleHandlers() } },
  },
} satisfies Meta<typeof UsersPageWithTab>
export default meta
type Story = StoryObj<typeof meta>

const body = () => within(document.body)

/** A database of its own for a story that changes data, so other stories keep the fixtures. */
const ownData = (...args: Parameters<typeof peopleHandlers>) => ({
  msw: { handlers: { ...baseHandlers, auth: signedInAs(admin!), ...peopleHandlers(...args) } },
})

export const Default: Story = {
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('grid')
    await expect(within(table).getByText('Uma User')).toBeVisible()
    await expect((await within(table).findAllByText('Northwind Energy')).length).toBeGreaterThan(0)
    // An admin edits users and admins, never elevated accounts, and never deletes themselves.
    await expect(canvas.getByRole('button', { name: 'Edit Uma User' })).toBeVisible()
    await expect(canvas.queryByRole('button', { name: 'Edit Dana Developer' })).toBeNull()
    await expect(canvas.queryByRole('button', { name: 'Delete Ada Admin' })).toBeNull()
    await expect(canvas.queryByRole('link', { name: 'New tenant' })).toBeNull()
  },
}

export const Developer: Story = {
  parameters: {
    msw: { handlers: { ...baseHandlers, auth: signedInAs(developer!), ...peopleHandlers() } },
  },
  play: async ({ canvas }) => {
    await canvas.findByRole('grid')
    await expect(canvas.getByRole('link', { name: 'New tenant' })).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Edit Dana Developer' })).toBeVisible()
    await expect(canvas.queryByRole('button', { name: 'Delete Dana Developer' })).toBeNull()
  },
}

export const CreateUser: Story = {
  parameters: ownData(),
  play: async ({ canvas, step }) => {
    await canvas.findByRole('grid')
    await step('open the form with the keyboard', async () => {
      canvas.getByRole('button', { name: 'New user' }).focus()
      await userEvent.keyboard('{Enter}')
    })
    const dialog = await body().findByRole('dialog', { name: 'New user' })
    await step('an admin can give only the admin and user roles', async () => {
      await userEvent.click(within(dialog).getByRole('button', { name: /Role/ }))
      const options = await body().findByRole('listbox')
      await expect(
        within(options)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Admin', 'User'])
      await userEvent.keyboard('{Escape}')
    })
    await step('fill in and create', async () => {
      await userEvent.type(within(dialog).getByLabelText(/Full name/), 'Nina North')
      await userEvent.type(within(dialog).getByLabelText(/E-mail/), 'nina@northwind.example')
      // Submitting from the last field, as keyboard users do.
      await userEvent.type(
        within(dialog).getByLabelText(/^Password/),
        'river-candle-piano-77{Enter}',
      )
    })
    await waitFor(() => expect(body().getByText('User created')).toBeVisible())
    await expect(await canvas.findByText('Nina North')).toBeVisible()
  },
}

export const EmailTaken: Story = {
  parameters: ownData(),
  play: async ({ canvas }) => {
    await canvas.findByRole('grid')
    await userEvent.click(canvas.getByRole('button', { name: 'New user' }))
    const dialog = await body().findByRole('dialog', { name: 'New user' })
    await userEvent.type(within(dialog).getByLabelText(/Full name/), 'Uma Again')
    await userEvent.type(within(dialog).getByLabelText(/E-mail/), 'user@demo.local')
    await userEvent.type(within(dialog).getByLabelText(/^Password/), 'river-candle-piano-77{Enter}')
    await expect(
      await within(dialog).findByText('A user with this e-mail already exists'),
    ).toBeVisible()
  },
}

/** Checks in our words, not the browser's ('Please fill out this field.'). */
export const NewUserChecks: Story = {
  parameters: ownData(),
  play: async ({ canvas }) => {
    await canvas.findByRole('grid')
    await userEvent.click(canvas.getByRole('button', { name: 'New user' }))
    const dialog = await body().findByRole('dialog', { name: 'New user' })
    await userEvent.type(within(dialog).getByLabelText(/E-mail/), 'nina@')
    await userEvent.type(within(dialog).getByLabelText(/^Password/), 'short{Enter}')
    await expect(await within(dialog).findByText('Enter the full name.')).toBeVisible()
    await expect(
      within(dialog).getByText('Enter an e-mail address such as name@example.com.'),
    ).toBeVisible()
    await expect(within(dialog).getByText('Use at least 12 characters.')).toBeVisible()
  },
}

export const EditUser: Story = {
  parameters: ownData(),
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Edit Uma User' }))
    const dialog = await body().findByRole('dialog', { name: 'Edit Uma User' })
    const name = within(dialog).getByLabelText(/Full name/)
    await userEvent.clear(name)
    await userEvent.type(name, 'Uma Operator{Enter}')
    await waitFor(() => expect(body().getByText('User updated')).toBeVisible())
    await expect(await canvas.findByText('Uma Operator')).toBeVisible()
  },
}

export const DeleteUser: Story = {
  parameters: ownData(),
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Delete Uma User' }))
    const confirm = await body().findByRole('alertdialog', { name: 'Delete user?' })
    // Visible once the confirmation has faded in.
    await waitFor(() => expect(within(confirm).getByText(/user@demo.local/)).toBeVisible())
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete user' }))
    await waitFor(() => expect(body().getByText('User deleted')).toBeVisible())
    await waitFor(() => expect(canvas.queryByText('Uma User')).toBeNull())
  },
}

export const Paged: Story = {
  parameters: {
    msw: {
      handlers: {
        ...baseHandlers,
        auth: signedInAs(admin!),
        ...peopleHandlers({ users: [...users, ...manyUsers(130)] }),
      },
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Showing 1-100 of 135 users')).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: /Next/ }))
    await expect(await canvas.findByText('Showing 101-135 of 135 users')).toBeVisible()
    await expect(await canvas.findByText('Operator 130')).toBeVisible()
  },
}

export const Searched: Story = {
  play: async ({ canvas }) => {
    await canvas.findByRole('grid')
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search users' }), 'harbor')
    await expect(canvas.getByText('Hal Harbor')).toBeVisible()
    await expect(canvas.queryByText('Uma User')).toBeNull()
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search users' }), ' nobody')
    await expect(await canvas.findByText('No users match your search')).toBeVisible()
  },
}

/** The server searches every user, not only the page at hand. */
export const SearchedBeyondThePage: Story = {
  parameters: Paged.parameters,
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Showing 1-100 of 135 users')).toBeVisible()
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search users' }), 'operator 130')
    await expect(await canvas.findByText('Operator 130')).toBeVisible()
    // One match fits on one page: no pager.
    await expect(canvas.queryByText(/Showing/)).toBeNull()
  },
}

export const Empty: Story = {
  parameters: {
    msw: {
      handlers: { ...baseHandlers, auth: signedInAs(admin!), ...peopleHandlers({ users: [] }) },
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No users yet')).toBeVisible()
  },
}

export const Loading: Story = {
  parameters: {
    msw: {
      handlers: { ...baseHandlers, auth: signedInAs(admin!), users: [pending('/api/v1/users/')] },
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status', { name: 'Loading users' })).toBeInTheDocument()
  },
}

export const LoadError: Story = {
  parameters: {
    msw: {
      handlers: { ...baseHandlers, auth: signedInAs(admin!), users: [failing('/api/v1/users/')] },
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('The users could not be loaded.')).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible()
  },
}

export const NarrowScreen: Story = {
  globals: mobileViewport,
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Uma User')).toBeVisible()
  },
}

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await canvas.findByRole('grid')
  },
}
