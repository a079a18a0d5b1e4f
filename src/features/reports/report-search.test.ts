import { describe, expect, it } from 'vitest'
import { choiceFromSearch, reportsSearch, searchPatch } from './report-search'

describe('reports search parameters', () => {
  it('drops bad values one by one and defaults to this month over every device', () => {
    const search = reportsSearch.parse({
      preset: 'fortnight',
      from: '2026-13',
      metric: 'energy_usage',
      devices: ['nope'],
    })
    expect(choiceFromSearch(search)).toEqual({
      preset: 'this_month',
      custom: undefined,
      customPrevious: undefined,
      metric: 'energy_usage',
      devices: [],
    })
  })

  it('reads a custom range, and clears its dates when the range is cleared', () => {
    const choice = choiceFromSearch(
      reportsSearch.parse({ preset: 'custom', from: '2026-03-01', to: '2026-03-10' }),
    )
    expect(choice.custom).toEqual({ from: '2026-03-01', to: '2026-03-10' })
    expect(searchPatch({ custom: undefined })).toEqual({ from: undefined, to: undefined })
    expect(searchPatch({ metric: 'energy_usage' })).toEqual({ metric: 'energy_usage' })
  })
})
