import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { Pagination, type PaginationProps } from '~/ui'
import { mobileViewport } from './helpers'

const onPageChange = fn()
const onPageSizeChange = fn()

/** Holds page and page size like a page would (a size change goes back to page 1). */
function Controlled(props: Partial<PaginationProps>) {
  const [page, setPage] = useState(props.page ?? 1)
  const [pageSize, setPageSize] = useState(props.pageSize ?? 100)
  return (
    <Pagination
      total={1234}
      {...props}
      page={page}
      pageSize={pageSize}
      onPageChange={(p) => {
        setPage(p)
        onPageChange(p)
      }}
      onPageSizeChange={(s) => {
        setPageSize(s)
        setPage(1)
        onPageSizeChange(s)
      }}
    />
  )
}

const meta = {
  title: 'Components/Pagination',
  component: Pagination,
  args: { page: 1, pageSize: 100, total: 1234, onPageChange: fn() },
  render: (args) => <Controlled {...args} />,
} satisfies Meta<typeof Pagination>
export default meta
type Story = StoryObj<typeof meta>

const button = (el: HTMLElement, name: string) => within(el).getByRole('button', { name })

export const Default: Story = {
  play: async ({ canvasElement, step }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Pagination' })
    await step('page 1: First and Previous are disabled', async () => {
      await expect(nav).toHaveTextContent('Page 1 of 13')
      await expect(nav).toHaveTextContent('Showing 1-100 of 1,234')
      await expect(button(nav, 'First')).toBeDisabled()
      await expect(button(nav, 'Previous')).toBeDisabled()
      await expect(button(nav, 'Next')).toBeEnabled()
      await expect(button(nav, 'Last')).toBeEnabled()
    })
    await step('Next goes forward', async () => {
      await userEvent.click(button(nav, 'Next'))
      await expect(onPageChange).toHaveBeenLastCalledWith(2)
      await expect(nav).toHaveTextContent('Showing 101-200 of 1,234')
    })
    await step('Last: Next and Last are disabled', async () => {
      await userEvent.click(button(nav, 'Last'))
      await expect(nav).toHaveTextContent('Page 13 of 13')
      await expect(nav).toHaveTextContent('Showing 1,201-1,234 of 1,234')
      await expect(button(nav, 'Next')).toBeDisabled()
      await expect(button(nav, 'Last')).toBeDisabled()
    })
    await step('Previous and First go back', async () => {
      await userEvent.click(button(nav, 'Previous'))
      await expect(nav).toHaveTextContent('Page 12 of 13')
      await userEvent.click(button(nav, 'First'))
      await expect(nav).toHaveTextContent('Page 1 of 13')
    })
    await step(
      'the page-size select (keyboard) changes the size and returns to page 1',
      async () => {
        await userEvent.click(button(nav, 'Next'))
        within(nav)
          .getByRole('button', { name: /Rows per page/ })
          .focus()
        await userEvent.keyboard('{ArrowDown}')
        const body = within(document.body)
        await userEvent.click(await body.findByRole('option', { name: '500' }))
        await waitFor(() => expect(body.queryByRole('listbox')).not.toBeInTheDocument())
        await expect(onPageSizeChange).toHaveBeenLastCalledWith(500)
        await expect(nav).toHaveTextContent('Page 1 of 3')
        await expect(nav).toHaveTextContent('Showing 1-500 of 1,234')
      },
    )
  },
}

export const LastPage: Story = { args: { page: 13 } }

export const Empty: Story = {
  args: { total: 0 },
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation')
    await expect(nav).toHaveTextContent('Showing 0 of 0')
    await expect(nav).toHaveTextContent('Page 1 of 1')
    for (const name of ['First', 'Previous', 'Next', 'Last'])
      await expect(button(nav, name)).toBeDisabled()
  },
}

export const SinglePage: Story = { args: { total: 42 } }
export const Disabled: Story = { args: { page: 4, isDisabled: true } }
export const WithoutPageSize: Story = { render: (args) => <Pagination {...args} page={2} /> }
export const NarrowScreen: Story = {
  globals: mobileViewport,
  play: async ({ canvasElement }) => {
    // On phones Previous/Next show only chevrons but keep their names.
    await expect(button(canvasElement, 'Next')).toBeVisible()
  },
}
export const Dark: Story = { args: { page: 5 }, globals: { theme: 'dark' } }
