import { describe, expect, it } from 'vitest'
import { isMockWorkerUpdate } from '../tools/storybook-static'

describe('the built-Storybook runner', () => {
  it("leaves out only MSW's own unawaited worker update, not the story's errors", () => {
    expect(
      isMockWorkerUpdate(
        "TypeError: Failed to update a ServiceWorker for scope ('http://127.0.0.1:44503/') with script ('http://127.0.0.1:44503/mockServiceWorker.js'): Not found",
      ),
    ).toBe(true)
    expect(
      isMockWorkerUpdate(
        "TypeError: Failed to update a ServiceWorker for scope ('http://127.0.0.1:44503/') with script ('http://127.0.0.1:44503/app-worker.js'): Not found",
      ),
    ).toBe(false)
    expect(
      isMockWorkerUpdate("TypeError: Cannot read properties of undefined (reading 'kwh')"),
    ).toBe(false)
  })
})
