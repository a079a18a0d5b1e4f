import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { TenantWizard } from '~/features/tenants/TenantWizard'
import { users } from '~/mocks/fixtures'
import { baseHandlers } from '~/mocks/handlers'
import { peopleHandlers, signedInAs } from '~/mocks/users-groups'
import { mobileViewport } from '../../ui/helpers'
import { withAppServices } from '../../support/with-app-services'
import { withToasts } from '../users/support'

const data = () => ({
  msw: { handlers: { ...baseHandlers, auth: signedInAs(users[1]!), ...peopleHandlers() } },
})

const meta = {
  title: 'Features/Tenants/TenantWizard',
  component: TenantWizard,
  decorators: [withToasts, withAppServices],
  args: { onCreated: fn() },
  parameters: data(),
} satisfies Meta<typeof TenantWizard>
export default meta
type Story = StoryObj<typeof meta>

type Canvas = ReturnType<typeof within>

async function fillGroup(canvas: Canvas, name: string) {
  await userEvent.type(canvas.getByRole('textbox', { name: /Group name/ }), `${name}{Enter}`)
}
async function fillAdmin(canvas: Canvas) {
  await userEvent.type(await canvas.findByRole('textbox', { name: /Full name/ }), 'Lena Hoffmann')
  await userEvent.type(canvas.getByRole('textbox', { name: /E-mail/ }), 'lena@riverside.example')
  await userEvent.type(canvas.getByLabelText(/Initial password/), 'maple-harbor-signal-19{Enter}')
}

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Group', level: 2 })).toBeVisible()
    await expect(canvas.getByText('1. Group')).toHaveAttribute('aria-current', 'step')
  },
}

export const RequiredFields: Story = {
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: /Group name/ }), '{Enter}')
    await expect(canvas.getByRole('heading', { name: 'Group', level: 2 })).toBeVisible()
    await expect(canvas.getByRole('textbox', { name: /Group name/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    )
    // Our words, not the browser's ('Please fill out this field.').
    await expect(canvas.getByText('Enter a name for the group.')).toBeVisible()
  },
}

export const AdminChecks: Story = {
  play: async ({ canvas }) => {
    await fillGroup(canvas, 'Riverside Energy')
    await userEvent.type(await canvas.findByRole('textbox', { name: /E-mail/ }), 'lena@{Enter}')
    await expect(await canvas.findByText("Enter the admin's full name.")).toBeVisible()
    await expect(
      canvas.getByText('Enter an e-mail address such as name@example.com.'),
    ).toBeVisible()
    await expect(canvas.getByText('Enter an initial password.')).toBeVisible()
  },
}

export const Review: Story = {
  play: async ({ canvas }) => {
    await fillGroup(canvas, 'Riverside Energy')
    await fillAdmin(canvas)
    await userEvent.click(await canvas.findByRole('checkbox', { name: /uses more than a budget/ }))
    await userEvent.type(canvas.getByRole('textbox', { name: /Offline after/ }), '{Enter}')
    const review = await canvas.findByRole('region', { name: 'Review' })
    await expect(within(review).getByText('Riverside Energy')).toBeVisible()
    await expect(within(review).getByText('Lena Hoffmann (lena@riverside.example)')).toBeVisible()
    await expect(
      within(review).getByText('Meter offline for 30 minutes; Over 500 kWh per day'),
    ).toBeVisible()
  },
}

export const CreateTenant: Story = {
  parameters: data(),
  play: async ({ canvas, args }) => {
    await fillGroup(canvas, 'Riverside Energy')
    await fillAdmin(canvas)
    await userEvent.type(await canvas.findByRole('textbox', { name: /Offline after/ }), '{Enter}')
    await canvas.findByRole('region', { name: 'Review' })
    await userEvent.keyboard('{Tab}')
    await userEvent.click(canvas.getByRole('button', { name: 'Create tenant' }))
    await waitFor(() => expect(within(document.body).getByText('Tenant created')).toBeVisible())
    // The console switches to the new group, and says so.
    await waitFor(() =>
      expect(
        within(document.body).getByText(/The console now shows Riverside Energy/),
      ).toBeVisible(),
    )
    await expect(args.onCreated).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'Riverside Energy' }),
    )
  },
}

export const NameTaken: Story = {
  parameters: data(),
  play: async ({ canvas }) => {
    await fillGroup(canvas, 'Northwind Energy')
    await fillAdmin(canvas)
    await userEvent.type(await canvas.findByRole('textbox', { name: /Offline after/ }), '{Enter}')
    await canvas.findByRole('region', { name: 'Review' })
    await userEvent.click(canvas.getByRole('button', { name: 'Create tenant' }))
    // Back on the group step, the clash on the name field.
    await expect(
      await canvas.findByText('A group named Northwind Energy already exists'),
    ).toBeVisible()
    await expect(canvas.getByRole('heading', { name: 'Group', level: 2 })).toBeVisible()
  },
}

export const NarrowScreen: Story = { globals: mobileViewport }

export const Dark: Story = { globals: { theme: 'dark' } }
