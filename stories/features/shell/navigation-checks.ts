import { expect, within } from 'storybook/test'
import type { Role } from '~/features/auth/roles'

/** Spec §2 and §6, written out: the sidebar of each role, in order, hidden items left out. */
export const expectedItems: Record<Role, readonly string[]> = {
  DEVELOPER: ['Dashboard', 'Devices', 'Reports', 'Notifications', 'Users & Groups', 'Debug'],
  SUPERUSER: ['Dashboard', 'Devices', 'Reports', 'Notifications', 'Users & Groups'],
  ADMIN: ['Dashboard', 'Devices', 'Reports', 'Notifications', 'Users & Groups'],
  USER: ['Dashboard', 'Devices', 'Reports', 'Notifications'],
}

/** The navigation inside `container` lists exactly `items`, and only `current` is the current page. */
export async function expectNavigation(
  container: HTMLElement,
  items: readonly string[],
  current: string | null,
) {
  const nav = within(container).getByRole('navigation', { name: 'Main' })
  const links = within(nav).getAllByRole('link')
  await expect(links.map((link) => link.textContent)).toEqual(items)
  for (const link of links) {
    if (link.textContent === current) await expect(link).toHaveAttribute('aria-current', 'page')
    else await expect(link).not.toHaveAttribute('aria-current')
  }
}
