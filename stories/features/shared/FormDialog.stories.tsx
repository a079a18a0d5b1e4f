import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, screen, userEvent, waitFor } from 'storybook/test'
import type { FormErrors } from '~/api'
import { FormDialog } from '~/features/shared/ServerForm'
import { useForm } from '~/features/shared/use-form'
import { TextField } from '~/ui'

/** A user form whose save the server rejects: the e-mail is taken. */
function RejectingForm({ rejection }: { rejection: FormErrors }) {
  const form = useForm({ full_name: 'Ada Admin', email: 'admin@demo.local' })
  return (
    <FormDialog
      title="New user"
      isOpen
      onOpenChange={() => {}}
      form={form}
      submitLabel="Create user"
      onSubmit={() => form.reject({ ...rejection })}
    >
      <TextField label="Full name" {...form.field('full_name')} />
      <TextField label="E-mail" {...form.field('email')} />
    </FormDialog>
  )
}

const meta = {
  title: 'Features/Shared/FormDialog',
  component: RejectingForm,
  args: { rejection: { fields: { email: 'A user with this e-mail already exists' } } },
} satisfies Meta<typeof RejectingForm>
export default meta
type Story = StoryObj<typeof meta>

/** A dialog with a form opens on its first field. */
export const Default: Story = {
  play: async () => {
    await waitFor(() => expect(screen.getByLabelText('Full name')).toHaveFocus())
  },
}

/** After the server rejects a field, focus is on that field, not on the submit button. */
export const FieldRejected: Story = {
  play: async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Create user' }))
    await waitFor(() => expect(screen.getByLabelText('E-mail')).toHaveFocus())
    // Visible once the dialog has faded in (it opens with the story).
    await waitFor(() =>
      expect(screen.getByText('A user with this e-mail already exists')).toBeVisible(),
    )
  },
}

/** A rejection that names no field puts focus on the form's message. */
export const FormRejected: Story = {
  args: { rejection: { fields: {}, form: 'Group not found' } },
  play: async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Create user' }))
    await waitFor(() => expect(screen.getByRole('alert')).toHaveFocus())
  },
}

export const FieldRejectedDark: Story = { ...FieldRejected, globals: { theme: 'dark' } }
