import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  billExtras,
  costChange,
  costLine,
  costParts,
  formatCredit,
  showsCost,
  type PricedFigure,
} from './cost'

beforeEach(() => vi.stubGlobal('navigator', { languages: ['en-US'] }))
afterEach(() => vi.unstubAllGlobals())

/** Terms and values only: what a reader sees. */
const lines = (figure: PricedFigure, currency: string | null = 'EUR') =>
  costParts(figure, currency)?.map(({ term, value }) => `${term}: ${value}`)

describe('cost and CO2 in one line', () => {
  const period = { cost: 2083.32, breakdown: null, co2Kg: 2553.752, standingCharge: 12.6 }

  it('names standing charges beside the energy charge', () => {
    expect(costLine(period, 'EUR')).toBe('€2,083.32 · 2.55 t CO₂e, plus €12.60 standing charges')
    expect(costLine({ ...period, standingCharge: null }, 'EUR')).toBe('€2,083.32 · 2.55 t CO₂e')
  })

  it('shows nothing where nothing is priced', () => {
    expect(costLine({ cost: null, breakdown: null, co2Kg: null, standingCharge: null }, null)).toBe(
      null,
    )
    expect(costLine({ ...period, cost: null }, 'EUR')).toBe('2.55 t CO₂e')
  })

  it('signs a change', () => {
    expect(costChange({ absolute_cost: -127.91, absolute_co2_kg: -156.788 }, 'EUR')).toBe(
      '-€127.91 · -156.8 kg CO₂e',
    )
  })
})

describe('the parts of a cost', () => {
  const twoWayBill: PricedFigure = {
    cost: 105.48,
    breakdown: { energy: 127.22, feed_in_credit: 32.84, demand: 11.1 },
    co2Kg: 248.1,
    standingCharge: 13.5,
    exportKwh: 410.5,
    exportCo2Credited: true,
  }

  it('lists a two-way meter’s bill as a bill does: the credit taken off, the total with standing charges', () => {
    expect(lines(twoWayBill)).toEqual([
      'Energy: €127.22',
      'Feed-in credit: \u2212\u00a0€32.84',
      'Demand charge: €11.10',
      'Standing charges: €13.50',
      'Total: €118.98',
      'CO₂: 248.1 kg CO₂e, export credited',
    ])
  })

  it('says export is credited only where the group credits it', () => {
    expect(lines({ ...twoWayBill, exportCo2Credited: false })?.at(-1)).toBe('CO₂: 248.1 kg CO₂e')
  })

  it('says a demand charge applies but is not billed without quarter-hour data', () => {
    const figure = {
      ...twoWayBill,
      cost: 94.38,
      breakdown: { ...twoWayBill.breakdown!, demand: null },
    }
    expect(lines(figure)).toContain('Demand charge: not billed: no quarter-hour data')
    expect(lines(figure)).toContain('Total: €107.88')
  })

  it('leaves out a part that is 0 and does not apply', () => {
    // A meter that only imports under a demand tariff: no feed-in line.
    const importOnly = {
      ...twoWayBill,
      breakdown: { energy: 127.22, feed_in_credit: 0, demand: 11.1 },
      exportKwh: null,
    }
    expect(lines(importOnly)?.map((l) => l.split(':')[0])).toEqual([
      'Energy',
      'Demand charge',
      'Standing charges',
      'Total',
      'CO₂',
    ])
    // A two-way meter without a demand tariff or a feed-in price: export is still credited 0.
    const unpaidExport = {
      ...twoWayBill,
      breakdown: { energy: 127.22, feed_in_credit: 0, demand: 0 },
    }
    expect(lines(unpaidExport)).toContain('Feed-in credit: €0.00')
    expect(lines(unpaidExport)?.some((l) => l.startsWith('Demand'))).toBe(false)
  })

  it('keeps the one line for a meter that only imports under a flat tariff', () => {
    const flat = {
      cost: 41.04,
      breakdown: { energy: 41.04, feed_in_credit: 0, demand: 0 },
      co2Kg: 50.3,
    }
    expect(costParts(flat, 'EUR')).toBeNull()
    expect(costLine(flat, 'EUR')).toBe('€41.04 · 50.3 kg CO₂e')
  })

  it('lists a negative cost (more credited than charged) and unknown parts', () => {
    const sunny = {
      cost: -8.4,
      breakdown: { energy: 4.2, feed_in_credit: 12.6, demand: 0 },
      co2Kg: null,
      exportKwh: 157.5,
    }
    expect(lines(sunny)).toEqual([
      'Energy: €4.20',
      'Feed-in credit: \u2212\u00a0€12.60',
      'Total: -€8.40',
    ])
    const unpriced = {
      ...sunny,
      cost: null,
      breakdown: { energy: 4.2, feed_in_credit: null, demand: 0 },
    }
    expect(lines(unpriced)).toEqual([
      'Energy: €4.20',
      'Feed-in credit: No price',
      'Total: No price',
    ])
  })

  it('says whether there is a cost to show at all', () => {
    expect(showsCost(twoWayBill, 'EUR')).toBe(true)
    expect(
      showsCost({ cost: null, breakdown: null, co2Kg: null, standingCharge: null }, null),
    ).toBe(false)
    // CO2 alone, without a tariff, is still shown.
    expect(showsCost({ cost: null, breakdown: null, co2Kg: 12.5 }, null)).toBe(true)
  })

  it('lists nothing without a tariff or a currency', () => {
    expect(costParts({ ...twoWayBill, breakdown: null }, 'EUR')).toBeNull()
    expect(costParts(twoWayBill, null)).toBeNull()
  })

  it('writes a credit with a minus sign, and none at zero', () => {
    expect(formatCredit(32.84, 'EUR')).toBe('\u2212\u00a0€32.84')
    expect(formatCredit(0, 'EUR')).toBe('€0.00')
  })
})

describe('a closed bill’s extras', () => {
  const bill = {
    energy_charge: 127.22,
    feed_in_credit: 32.84,
    demand_charge: 11.1,
    standing_charge: 13.5,
    total: 118.98,
  }

  it('names the feed-in credit and demand charge where they are not 0', () => {
    expect(billExtras(bill, 'EUR')).toEqual([
      '\u2212\u00a0€32.84 feed-in credit',
      '€11.10 demand charge',
    ])
    expect(billExtras({ ...bill, feed_in_credit: 0, total: 151.82 }, 'EUR')).toEqual([
      '€11.10 demand charge',
    ])
  })

  it('says nothing for a bill of energy and standing charges only, or one without a price', () => {
    const flat = { ...bill, feed_in_credit: 0, demand_charge: 0, total: 140.72 }
    expect(billExtras(flat, 'EUR')).toEqual([])
    const unpriced = {
      energy_charge: null,
      feed_in_credit: null,
      demand_charge: null,
      standing_charge: 13.5,
      total: null,
    }
    expect(billExtras(unpriced, 'EUR')).toEqual([])
  })
})
