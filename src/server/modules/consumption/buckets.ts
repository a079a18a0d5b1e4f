/**
 * Moved to energy/windows.ts (issue 34). This re-export stays only for notifications/ (another
 * helper's area), whose `conditions.ts` and `alerts.ts` still import it here; once they import
 * `../energy/windows.ts`, delete this file. Nothing else may import it.
 */
export * from '../energy/windows.ts'
