import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { DEMO_PASSWORD, newPage, signInByApi, startApp, type RunningApp } from './support/app'

let app: RunningApp
beforeAll(async () => {
  app = await startApp()
})
afterAll(() => app?.stop())

/**
 * Signs in through the API with the browser context's cookie jar (the login form is the shell's
 * and has its own tests), then opens the dashboard.
 */
async function signedIn(email: string, password = DEMO_PASSWORD) {
  const page = await newPage(app)
  await signInByApi(page, email, password)
  await page.goto('/dashboard')
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor()
  return page
}

const toast = (page: Page, title: string) => page.getByText(title, { exact: true }).waitFor()

describe('users and groups against the real server', () => {
  it('shows each role what it may do: admins their group without tenants, users nothing', async () => {
    const admin = await signedIn('admin@demo.local')
    await admin.goto('/users')
    const table = admin.getByRole('grid', { name: undefined }).first()
    await table.getByText('admin@demo.local').waitFor()
    // Admins see only their own group's users (spec issue 9).
    await expect(table.getByText('admin2@demo.local').count()).resolves.toBe(0)
    await expect(admin.getByRole('link', { name: 'New tenant' }).count()).resolves.toBe(0)
    await admin.getByRole('tab', { name: 'Groups' }).click()
    await admin.waitForURL((url) => url.searchParams.get('page') === 'groups')
    await admin.getByRole('button', { name: 'Edit Northwind Energy' }).waitFor()
    await expect(admin.getByRole('button', { name: 'New group' }).count()).resolves.toBe(0)

    const user = await signedIn('user@demo.local')
    await user.goto('/users')
    await user.waitForURL((url) => url.pathname === '/dashboard')
    await user.goto('/users/new-tenant')
    await user.waitForURL((url) => url.pathname === '/dashboard')
  })

  it('lets an admin create a user of their group, who then sees only that group’s devices', async () => {
    const admin = await signedIn('admin@demo.local')
    await admin.goto('/users')
    await admin
      .getByRole('grid')
      .getByText('Uma User')
      .or(admin.getByRole('grid').getByText('user@demo.local'))
      .first()
      .waitFor()
    await expect(admin.getByRole('link', { name: 'New tenant' }).count()).resolves.toBe(0)
    await admin.getByRole('button', { name: 'New user' }).click()
    const dialog = admin.getByRole('dialog', { name: 'New user' })
    await dialog.getByRole('button', { name: /Role/ }).click()
    await expect(admin.getByRole('option').allInnerTexts()).resolves.toEqual(['Admin', 'User'])
    await admin.keyboard.press('Escape')
    await dialog.getByLabel('Full name').fill('Nina North')
    await dialog.getByLabel('E-mail').fill('nina@northwind.example')
    await dialog.getByLabel('Password', { exact: true }).fill('river-candle-piano-77')
    await dialog.getByRole('button', { name: 'Create user' }).click()
    await toast(admin, 'User created')
    await admin.getByRole('grid').getByText('Nina North').waitFor()

    const nina = await signedIn('nina@northwind.example', 'river-candle-piano-77')
    await nina.goto('/devices')
    await nina.getByText('Main meter – Warehouse 1').first().waitFor()
    await expect(nina.getByText('Pump station North').count()).resolves.toBe(0)
    // A user cannot open Users & Groups (spec §6).
    await nina.goto('/users')
    await nina.waitForURL((url) => url.pathname === '/dashboard')
  })

  it('shows every group toast of spec §8 for create, update and delete', async () => {
    const page = await signedIn('superuser@demo.local')
    await page.goto('/users?page=groups')
    await page.getByRole('grid').getByText('Harbor Utilities').waitFor()

    await page.getByRole('button', { name: 'New group' }).click()
    await page.getByRole('dialog', { name: 'New group' }).getByLabel('Name').fill('Quay Storage')
    await page.getByRole('button', { name: 'Create group' }).click()
    await toast(page, 'Group created')
    await page.getByText('Add members to begin assigning devices.').first().waitFor()
    await page
      .getByRole('dialog', { name: 'Members of Quay Storage' })
      .getByText('No members yet')
      .waitFor()
    await page.keyboard.press('Escape')

    await page.getByRole('button', { name: 'Edit Quay Storage' }).click()
    await page
      .getByRole('dialog', { name: 'Edit Quay Storage' })
      .getByLabel('Name')
      .fill('Quay Storage East')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await toast(page, 'Group updated')
    await page.getByText('Changes have been saved.').waitFor()

    await page.getByRole('button', { name: 'Delete Quay Storage East' }).click()
    await page
      .getByRole('alertdialog', { name: 'Delete group?' })
      .getByRole('button', { name: 'Delete group' })
      .click()
    await toast(page, 'Group deleted')
    await page.getByText('All members have been unassigned from this group.').waitFor()

    // Northwind has devices: the server refuses and the console says why.
    await page.getByRole('button', { name: 'Delete Northwind Energy' }).click()
    await page
      .getByRole('alertdialog', { name: 'Delete group?' })
      .getByRole('button', { name: 'Delete group' })
      .click()
    await toast(page, 'Cannot delete group')
    await page.getByText('Ensure the group has no dependent resources before deleting.').waitFor()
  })

  it('lets a superuser set up a tenant in the wizard and lands on the new group', async () => {
    const page = await signedIn('superuser@demo.local')
    await page.goto('/users')
    await page.getByRole('link', { name: 'New tenant' }).click()
    await page.waitForURL((url) => url.pathname === '/users/new-tenant')
    await page.getByLabel('Group name').fill('Riverside Energy')
    await page.getByRole('button', { name: 'Next' }).click()
    await page.getByLabel('Full name').fill('Lena Hoffmann')
    await page.getByLabel('E-mail').fill('lena@riverside.example')
    await page.getByLabel('Initial password').fill('maple-harbor-signal-19')
    await page.getByRole('button', { name: 'Next' }).click()
    await page.getByRole('checkbox', { name: /uses more than a budget/ }).check({ force: true })
    await page.getByRole('button', { name: 'Next' }).click()
    await page.getByText('Meter offline for 30 minutes; Over 500 kWh per day').waitFor()
    await page.getByRole('button', { name: 'Create tenant' }).click()
    await page.waitForURL(
      (url) => url.pathname === '/users' && url.searchParams.get('page') === 'groups',
    )
    await toast(page, 'Tenant created')
    const row = page.getByRole('row').filter({ hasText: 'Riverside Energy' })
    await row.getByText('Current scope').waitFor()

    const lena = await signedIn('lena@riverside.example', 'maple-harbor-signal-19')
    await lena.goto('/users')
    await lena.getByRole('grid').getByText('Lena Hoffmann').waitFor()
  })
})
