import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { LoginForm } from '~/features/auth/LoginPage'
import { useState } from 'react'
import { Card } from '~/ui'

const meta = {
  title: 'Features/Auth/LoginForm',
  component: LoginForm,
  args: { onSubmit: fn() },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '24rem' }}>
        <Card title="Sign in">
          <Story />
        </Card>
      </div>
    ),
  ],
} satisfies Meta<typeof LoginForm>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.type(canvas.getByLabelText(/E-mail/), 'admin@demo.local')
    await userEvent.type(canvas.getByLabelText(/Password/), 'demo-password')
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }))
    await expect(args.onSubmit).toHaveBeenCalledWith({
      email: 'admin@demo.local',
      password: 'demo-password',
    })
  },
}

/** The page has one thing to do: it opens on the e-mail field. */
export const FocusesFirstField: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByLabelText(/E-mail/)).toHaveFocus()
  },
}

/** Sent here by a session that ended (issue 20): one short message above the fields. */
export const SessionEnded: Story = {
  args: {
    notice: { title: 'Your session ended', message: 'Sign in again to continue where you were.' },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Your session ended')
  },
}

export const SessionEndedDark: Story = { ...SessionEnded, globals: { theme: 'dark' } }

export const Pending: Story = {
  args: { isPending: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: /Sign in/ })).toBeDisabled()
  },
}

export const InvalidCredentials: Story = {
  args: { error: 'Invalid email or password' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      'Invalid email or password',
    )
  },
}

/**
 * Issue 32: a failed sign-in's message went on standing under the next attempt's field errors.
 * Editing a field clears it, as the page does; submitting an emptied field shows only its own error.
 */
export const EditingClearsTheError: Story = {
  args: { error: 'Invalid email or password' },
  render: function Render(args) {
    const [error, setError] = useState(args.error)
    return <LoginForm {...args} error={error} onEdit={() => setError(null)} />
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('alert')).toHaveTextContent('Invalid email or password')
    await userEvent.type(canvas.getByLabelText(/E-mail/), 'a')
    await userEvent.clear(canvas.getByLabelText(/E-mail/))
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }))
    await expect(canvas.queryByText('Invalid email or password')).toBeNull()
    await expect(args.onSubmit).not.toHaveBeenCalled()
  },
}

export const ValidationErrors: Story = {
  args: { error: 'value is not a valid email address, Field required' },
}
export const NetworkError: Story = { args: { error: 'Network error during login' } }
export const LoginFailed: Story = { args: { error: 'Login failed' } }
export const Dark: Story = {
  args: { error: 'Invalid email or password' },
  globals: { theme: 'dark' },
}
