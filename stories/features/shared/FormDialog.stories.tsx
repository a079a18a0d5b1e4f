import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, screen, userEvent, waitFor } from 'storybook/test'
import { FormDialog } from '../../../src/features/shared/ServerForm'
import type { FormErrors } from '../../../src/features/shared/form-errors'
import { TextField } from '../../../src/ui'

/** A user form whose save the server rejects: the e-mail is taken. */
function RejectingForm({ rejection }: { rejection: FormErrors }) {
  const [errors, setErrors] = useState<FormErrors>({ fields: {} })
  return (
    <FormDialog
      title="New user"
      isOpen
      onOpenChange={() => {}}
      errors={errors}
      isPending={false}
      submitLabel="Create user"
      onSubmit={() => setErrors({ ...rejection })}
    >
      <TextField name="full_name" label="Full name" defaultValue="Ada Admin" />
      <TextField name="email" label="E-mail" defaultValue="admin@demo.local" />
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
    await expect(screen.getByText('A user with this e-mail already exists')).toBeVisible()
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
