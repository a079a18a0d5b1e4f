import { afterAll, beforeAll, describe, it } from 'vitest'
import { newPage, signInByApi, startApp, type RunningApp } from './support/app'

let app: RunningApp
beforeAll(async () => {
  app = await startApp()
})
afterAll(() => app?.stop())

describe("the demo tenants' days", () => {
  // ADMIN and USER cannot reach Settings (spec §6): without a saved choice, their group's zone counts.
  it.each([
    ['user@demo.local', 'Europe/Berlin'],
    ['admin2@demo.local', 'America/New York'],
  ])('are counted for %s in %s', async (email, zone) => {
    const page = await newPage(app)
    await signInByApi(page, email)
    await page.goto('/dashboard')
    await page.getByText(`in ${zone} time.`).waitFor()
    await page.goto('/reports')
    await page.getByText(`in ${zone} time.`).waitFor()
  })
})
