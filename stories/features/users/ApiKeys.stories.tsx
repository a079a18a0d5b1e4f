import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { UsersPage, type UsersPageTab } from '~/features/users/UsersPage'
import { apiKeys, apiKeysHandlers, resetApiKeys, SHOWN_SECRET } from '~/mocks/api-keys'
import { baseHandlers, failing } from '~/mocks/handlers'
import { users } from '~/mocks/fixtures'
import { peopleHandlers, signedInAs } from '~/mocks/users-groups'
import { mobileViewport } from '../../ui/helpers'
import { withAppServices } from '../../support/with-app-services'
import { withToasts } from './support'

const [developer, , admin] = users

/** The Users & Groups page on its API keys tab, the tab in state as the route keeps it. */
function ApiKeysPage() {
  const [tab, setTab] = useState<UsersPageTab>('api-keys')
  return <UsersPage tab={tab} onTabChange={setTab} />
}

const handlersFor = (signedIn = admin!, keys = apiKeys) => {
  const { db, apiKeys: handlers } = apiKeysHandlers(keys)
  return {
    parameters: {
      msw: {
        handlers: {
          ...baseHandlers,
          auth: signedInAs(signedIn),
          ...peopleHandlers(),
          apiKeys: handlers,
        },
      },
    },
    // The keys as made, on every run (a retry would see the last run's changes).
    loaders: [() => resetApiKeys({ db })],
  }
}

const meta = {
  title: 'Features/Users/ApiKeys',
  component: ApiKeysPage,
  decorators: [withToasts, withAppServices],
  ...handlersFor(),
} satisfies Meta<typeof ApiKeysPage>
export default meta
type Story = StoryObj<typeof meta>

const body = () => within(document.body)

export const List: Story = {
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('grid', { name: 'API keys' })
    await expect(within(table).getByText('Billing export')).toBeVisible()
    await expect(within(table).getByText('Gateway provisioning script')).toBeVisible()
    // Group names arrive with the groups query, after the keys.
    await expect((await within(table).findAllByText('Northwind Energy')).length).toBeGreaterThan(1)
    await expect(within(table).getByRole('columnheader', { name: 'Last used' })).toBeVisible()
    await expect(within(table).getAllByText('Never').length).toBeGreaterThan(0)
    await expect(canvas.getByRole('button', { name: 'Revoke Billing export' })).toBeVisible()
    await expect(within(table).getAllByText('Active')).toHaveLength(2)
    // Revoked and expired keys are on record, hidden until asked for.
    await expect(within(table).queryByText('Leaked test key')).toBeNull()
    await expect(
      canvas.getByRole('switch', { name: 'Show revoked and expired (2)' }),
    ).not.toBeChecked()
  },
}

export const RevokedAndExpiredShown: Story = {
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('grid', { name: 'API keys' })
    await userEvent.click(canvas.getByRole('switch', { name: 'Show revoked and expired (2)' }))
    const revoked = await within(table).findByRole('row', { name: /Leaked test key/ })
    await expect(within(revoked).getByText('Revoked')).toBeVisible()
    await expect(within(revoked).getByText(/\d.* by Ada Admin$/)).toBeVisible()
    await expect(within(revoked).queryByRole('button', { name: /Revoke/ })).toBeNull()
    const expired = within(table).getByRole('row', { name: /Old dashboard sync/ })
    await expect(within(expired).getByText('Expired')).toBeVisible()
  },
}

export const Empty: Story = {
  ...handlersFor(admin!, []),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No API keys yet')).toBeVisible()
    await expect(canvas.getAllByRole('button', { name: 'New API key' }).length).toBe(2)
  },
}

export const LoadError: Story = {
  parameters: {
    msw: {
      handlers: {
        ...baseHandlers,
        auth: signedInAs(admin!),
        ...peopleHandlers(),
        apiKeys: [failing('/api/v1/api-keys')],
      },
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('The API keys could not be loaded.')).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible()
  },
}

export const CreatedKeyShown: Story = {
  ...handlersFor(),
  play: async ({ canvas, step }) => {
    await canvas.findByRole('grid', { name: 'API keys' })
    await step('open the form with the keyboard', async () => {
      canvas.getByRole('button', { name: 'New API key' }).focus()
      await userEvent.keyboard('{Enter}')
    })
    const dialog = await body().findByRole('dialog', { name: 'New API key' })
    await step('an admin may give a key only the admin and user roles', async () => {
      await userEvent.click(within(dialog).getByRole('button', { name: /Role/ }))
      const options = await body().findByRole('listbox')
      await expect(
        within(options)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Admin', 'User'])
      await userEvent.keyboard('{Escape}')
    })
    await step('name it and create it', async () => {
      await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Nightly export')
      await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }))
    })
    const shown = await body().findByRole('dialog', { name: 'API key “Nightly export”' })
    await step('the key is shown once, with copy buttons and a curl command', async () => {
      const key = within(shown).getByRole('textbox', { name: 'Key' }) as HTMLInputElement
      await expect(key.value).toMatch(new RegExp(`^mdk_.+_${SHOWN_SECRET}$`))
      await waitFor(() => expect(within(shown).getByText(/not shown again/)).toBeVisible())
      await waitFor(() =>
        expect(within(shown).getByRole('button', { name: 'Copy key' })).toBeVisible(),
      )
      const curl = within(shown).getByRole('textbox', {
        name: 'Try it with curl',
      }) as HTMLInputElement
      await expect(curl.value).toContain(`Authorization: Bearer ${key.value}`)
    })
    await waitFor(() =>
      expect(canvas.getByRole('grid', { name: 'API keys' })).toHaveTextContent('Nightly export'),
    )
    // Still for the picture: the form has gone, the toast and the key's dialog have faded in.
    await waitFor(() => expect(body().queryByRole('dialog', { name: 'New API key' })).toBeNull())
    await waitFor(() => expect(body().getByText('API key created')).toBeVisible())
    await waitFor(() => expect(within(shown).getByText(/not shown again/)).toBeVisible())
  },
}

export const NameMissing: Story = {
  ...handlersFor(),
  play: async ({ canvas }) => {
    await canvas.findByRole('grid', { name: 'API keys' })
    await userEvent.click(canvas.getByRole('button', { name: 'New API key' }))
    const dialog = await body().findByRole('dialog', { name: 'New API key' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }))
    const message = await within(dialog).findByText('Enter a name that says what the key is for.')
    await waitFor(() => expect(message).toBeVisible())
  },
}

export const Revoke: Story = {
  ...handlersFor(),
  play: async ({ canvas }) => {
    await canvas.findByRole('grid', { name: 'API keys' })
    await userEvent.click(canvas.getByRole('button', { name: 'Revoke Billing export' }))
    const confirm = await body().findByRole('alertdialog', { name: 'Revoke API key?' })
    // Overlays fade in in the built Storybook: wait as a person does.
    await waitFor(() => expect(within(confirm).getByText(/refused at once/)).toBeVisible())
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revoke key' }))
    await waitFor(() =>
      expect(canvas.getByRole('grid', { name: 'API keys' })).not.toHaveTextContent(
        'Billing export',
      ),
    )
    // Still on record, as revoked.
    await userEvent.click(canvas.getByRole('switch', { name: 'Show revoked and expired (3)' }))
    const row = await canvas.findByRole('row', { name: /Billing export/ })
    await expect(within(row).getByText('Revoked')).toBeVisible()
  },
}

export const Developer: Story = {
  ...handlersFor(developer!),
  play: async ({ canvas }) => {
    await canvas.findByRole('grid', { name: 'API keys' })
    await userEvent.click(canvas.getByRole('button', { name: 'New API key' }))
    const dialog = await body().findByRole('dialog', { name: 'New API key' })
    // A user key needs its group; a developer chooses it.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: /Group/ })).toBeVisible())
  },
}

export const NarrowScreen: Story = {
  globals: mobileViewport,
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('grid', { name: 'API keys' })).toBeVisible()
  },
}
