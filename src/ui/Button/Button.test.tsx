import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { Button } from './Button'

/** The nodes react-aria's live announcer reads out by pointing at an element's id. */
const announcements = () => [
  ...document.querySelectorAll('[data-live-announcer] [aria-labelledby]'),
]
const pointsAtNothing = (node: Element) =>
  node
    .getAttribute('aria-labelledby')!
    .split(' ')
    .every((id) => !document.getElementById(id))

let root: Root
// Async act: react-aria blurs a button that becomes disabled from a MutationObserver (a microtask).
const render = (pending: boolean, mounted = true) =>
  act(async () =>
    root.render(mounted ? <Button isPending={pending}>Save changes</Button> : <p>Saved</p>),
  )

beforeAll(() => {
  // React's act() environment; react-aria then announces at once instead of after 100 ms.
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true })
})
afterEach(() => act(() => root.unmount()))

describe('Button while pending', () => {
  it('announces the focused button going pending, and drops that announcement when it unmounts', async () => {
    const container = document.body.appendChild(document.createElement('div'))
    root = createRoot(container)
    await render(false)
    const button = container.querySelector('button')!
    await act(async () => button.focus())
    await render(true)
    const announced = announcements().find((node) =>
      node.getAttribute('aria-labelledby')!.split(' ').includes(button.id),
    )
    expect(announced).toBeDefined()

    await render(true, false)
    expect(announcements().filter(pointsAtNothing)).toEqual([])
  })
})
