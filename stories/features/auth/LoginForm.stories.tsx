import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { LoginForm } from '~/features/auth/LoginPage'
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

export const ValidationErrors: Story = {
  args: { error: 'value is not a valid email address, Field required' },
}
export const NetworkError: Story = { args: { error: 'Network error during login' } }
export const LoginFailed: Story = { args: { error: 'Login failed' } }
export const Dark: Story = {
  args: { error: 'Invalid email or password' },
  globals: { theme: 'dark' },
}
