import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { FileTrigger, PhotoPicker } from '~/ui'
import { mobileViewport, Narrow } from './helpers'

const onChange = fn()

/** A 2x2 PNG made in the browser, so the preview is deterministic. */
async function pngFile(name = 'meter-photo.png') {
  const canvas = document.createElement('canvas')
  canvas.width = canvas.height = 2
  const ctx = canvas.getContext('2d')!
  ctx.fillStyle = 'rgb(15, 118, 110)'
  ctx.fillRect(0, 0, 2, 2)
  const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'))
  return new File([blob], name, { type: 'image/png' })
}

function Picker({
  initial = null,
  errorMessage,
}: {
  initial?: File | null
  errorMessage?: string
}) {
  const [file, setFile] = useState<File | null>(initial)
  return (
    <PhotoPicker
      value={file}
      onChange={(f) => {
        setFile(f)
        onChange(f)
      }}
      errorMessage={errorMessage}
    />
  )
}

const meta = {
  title: 'Components/FileTrigger',
  component: PhotoPicker,
  args: { value: null, onChange },
  render: () => <Picker />,
  decorators: [
    (Story) => (
      <Narrow width="32rem">
        <Story />
      </Narrow>
    ),
  ],
} satisfies Meta<typeof PhotoPicker>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement)
    const group = canvas.getByRole('group', { name: 'Photo' })
    const [fromFile, fromCamera] = group.querySelectorAll<HTMLInputElement>('input[type=file]')
    await step('the camera button asks for the rear camera', async () => {
      await expect(fromCamera).toHaveAttribute('capture', 'environment')
      await expect(fromFile).not.toHaveAttribute('capture')
      await expect(fromFile).toHaveAttribute('accept', 'image/*')
    })
    await step('choosing a file shows a preview', async () => {
      await userEvent.upload(fromFile!, await pngFile())
      await expect(onChange).toHaveBeenLastCalledWith(
        expect.objectContaining({ name: 'meter-photo.png' }),
      )
      const img = await canvas.findByRole('img', { name: 'Preview of meter-photo.png' })
      await waitFor(() => expect((img as HTMLImageElement).complete).toBe(true))
      await expect(canvas.getByText('meter-photo.png')).toBeVisible()
    })
    await step('remove clears it', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Remove photo' }))
      await expect(onChange).toHaveBeenLastCalledWith(null)
      await expect(canvas.queryByRole('img', { name: /Preview/ })).not.toBeInTheDocument()
    })
  },
}

export const WithPhoto: Story = {
  loaders: [async () => ({ file: await pngFile() })],
  render: (_args, { loaded }) => <Picker initial={loaded.file as File} />,
  play: async ({ canvasElement }) => {
    const img = await within(canvasElement).findByRole('img', {
      name: 'Preview of meter-photo.png',
    })
    await waitFor(() => expect((img as HTMLImageElement).complete).toBe(true))
  },
}

export const Error: Story = {
  render: () => <Picker errorMessage="The photo must be smaller than 10 MB" />,
}
export const NarrowScreen: Story = { ...WithPhoto, globals: mobileViewport }
export const Dark: Story = { ...WithPhoto, globals: { theme: 'dark' } }

export const Button: Story = {
  render: () => (
    <FileTrigger acceptedFileTypes={['text/csv']} onSelect={onChange}>
      Upload CSV
    </FileTrigger>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Upload CSV' })).toBeVisible()
  },
}
