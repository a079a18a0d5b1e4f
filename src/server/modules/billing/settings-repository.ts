import type { EnergySettings } from '~/api/__generated__/types.gen.ts'
import type { Queryable } from '~/server/db/database.ts'

export const DEFAULT_ENERGY_SETTINGS: EnergySettings = {
  billing_cycle_start_day: 1,
  currency: null,
  credit_export_co2: false,
  tariffs: [],
  emission_factors: [],
}

const COLUMNS = 'billing_cycle_start_day, currency, credit_export_co2, tariffs, emission_factors'

export const energySettingsRepository = (q: Queryable) => ({
  /** Each group's settings (defaults where none were saved), keyed by group id. */
  async of(groupIds: readonly string[]): Promise<Map<string, EnergySettings>> {
    const { rows } = await q.query<EnergySettings & { group_id: string }>(
      `SELECT group_id, ${COLUMNS} FROM group_energy_settings WHERE group_id = ANY($1::uuid[])`,
      [groupIds],
    )
    const found = new Map(rows.map(({ group_id, ...s }) => [group_id, s as EnergySettings]))
    return new Map(groupIds.map((id) => [id, found.get(id) ?? DEFAULT_ENERGY_SETTINGS]))
  },

  async get(groupId: string): Promise<EnergySettings> {
    return (await this.of([groupId])).get(groupId)!
  },

  async put(groupId: string, s: EnergySettings): Promise<EnergySettings> {
    const { rows } = await q.query<EnergySettings>(
      `INSERT INTO group_energy_settings (group_id, ${COLUMNS})
       VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb)
       ON CONFLICT (group_id) DO UPDATE SET billing_cycle_start_day = excluded.billing_cycle_start_day,
         currency = excluded.currency, credit_export_co2 = excluded.credit_export_co2,
         tariffs = excluded.tariffs, emission_factors = excluded.emission_factors, updated_at = now()
       RETURNING ${COLUMNS}`,
      [
        groupId,
        s.billing_cycle_start_day,
        s.currency,
        s.credit_export_co2,
        JSON.stringify(s.tariffs),
        JSON.stringify(s.emission_factors),
      ],
    )
    return rows[0]!
  },
})
