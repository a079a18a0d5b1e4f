/** Reading type names the device pages treat apart from the others. */

/** The cumulative energy register (import); charted as consumption rather than raw values. */
export const ENERGY = 'energy_kwh'
/** A two-way meter's export register: a column of the energy readings, not a type to list or chart. */
export const EXPORT = 'export_kwh'
