import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { Button, buttonClassName, buttonIntents, buttonSizes, buttonVariants, Icon } from '~/ui'
import { mobileViewport, Row, Stack } from './helpers'

const meta = {
  title: 'Components/Button',
  component: Button,
  args: { children: 'Save changes', onPress: fn() },
  argTypes: {
    variant: { control: 'select', options: buttonVariants },
    size: { control: 'select', options: buttonSizes },
    intent: { control: 'select', options: buttonIntents },
  },
} satisfies Meta<typeof Button>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Save changes' })
    await userEvent.click(button)
    await expect(args.onPress).toHaveBeenCalledOnce()
    await userEvent.keyboard('{Enter}')
    await expect(args.onPress).toHaveBeenCalledTimes(2)
  },
}

export const Destructive: Story = { args: { variant: 'destructive', children: 'Delete device' } }
export const Outline: Story = { args: { variant: 'outline' } }
export const Secondary: Story = { args: { variant: 'secondary' } }
export const Ghost: Story = { args: { variant: 'ghost' } }
export const Link: Story = { args: { variant: 'link', children: 'View all' } }

export const Small: Story = { args: { size: 'sm' } }
export const Large: Story = { args: { size: 'lg' } }
export const IconOnly: Story = {
  args: {
    size: 'icon',
    variant: 'ghost',
    'aria-label': 'Refresh',
    children: <Icon name="refresh" />,
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Refresh' })).toBeVisible()
  },
}
export const WithIcon: Story = {
  args: {
    children: (
      <>
        <Icon name="plus" size="sm" />
        Add device
      </>
    ),
  },
}

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Save changes' })
    await expect(button).toBeDisabled()
    await userEvent.click(button, { pointerEventsCheck: 0 })
    await expect(args.onPress).not.toHaveBeenCalled()
  },
}

export const Loading: Story = {
  args: { isPending: true, children: 'Executing...' },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Executing...' })
    await expect(button).toBeDisabled()
    await userEvent.click(button, { pointerEventsCheck: 0 })
    await expect(args.onPress).not.toHaveBeenCalled()
  },
}

export const LoadingIcon: Story = {
  args: { ...IconOnly.args, isPending: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Refresh' })).toBeDisabled()
  },
}

export const FocusVisible: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.tab()
    await expect(within(canvasElement).getByRole('button')).toHaveFocus()
  },
}

/**
 * A router link dressed as a button ('Bulk push', 'Register device') is a plain anchor, not a
 * react-aria Button: its ring comes from :focus-visible.
 */
export const LinkStyledFocusVisible: Story = {
  render: () => (
    <Row>
      <a href="#bulk-push" className={buttonClassName({ intent: 'formSecondary' })}>
        <Icon name="upload" size="sm" /> Bulk push
      </a>
      <a href="#register" className={buttonClassName({ intent: 'formPrimary' })}>
        <Icon name="plus" size="sm" /> Register device
      </a>
    </Row>
  ),
  play: async ({ canvasElement }) => {
    await userEvent.tab()
    const link = within(canvasElement).getByRole('link', { name: 'Bulk push' })
    await expect(link).toHaveFocus()
    await expect(getComputedStyle(link).outlineStyle).toBe('solid')
  },
}

export const LongText: Story = {
  args: { children: 'Execute with Profiling against every device in the selected group' },
}

export const NarrowScreen: Story = {
  globals: mobileViewport,
  args: {
    intent: 'floatingAction',
    'aria-label': 'Add device',
    children: <Icon name="plus" />,
    size: 'icon',
  },
}

export const Dark: Story = {
  globals: { theme: 'dark' },
  render: (args) => <VariantRow {...args} />,
}

function VariantRow(args: Parameters<typeof Button>[0]) {
  return (
    <Row>
      {buttonVariants.map((variant) => (
        <Button key={variant} {...args} variant={variant}>
          {variant}
        </Button>
      ))}
    </Row>
  )
}

/** Every variant in every size, then every intent, enabled, disabled and pending. */
export const Matrix: Story = {
  render: () => (
    <Stack>
      {buttonSizes.map((size) => (
        <Row key={size}>
          {buttonVariants.map((variant) =>
            size === 'icon' ? (
              <Button key={variant} variant={variant} size={size} aria-label={`${variant} icon`}>
                <Icon name="settings" />
              </Button>
            ) : (
              <Button key={variant} variant={variant} size={size}>
                {variant} {size}
              </Button>
            ),
          )}
        </Row>
      ))}
      {(['enabled', 'disabled', 'pending'] as const).map((state) => (
        <Row key={state}>
          {buttonIntents.map((intent) => (
            <Button
              key={intent}
              intent={intent}
              isDisabled={state === 'disabled'}
              isPending={state === 'pending'}
              aria-label={intent === 'iconGhost' ? `${intent} ${state}` : undefined}
            >
              {intent === 'iconGhost' ? <Icon name="close" /> : `${intent} ${state}`}
            </Button>
          ))}
        </Row>
      ))}
    </Stack>
  ),
}

export const MatrixDark: Story = { ...Matrix, globals: { theme: 'dark' } }
