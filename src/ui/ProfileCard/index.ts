export * from './ProfileCard'
export { classifyQueryTiming, queryTimingLevels, timeBreakdown } from './profile'
export type { ProfileData, ProfileStep, QueryTimingLevel, TimeBreakdown } from './profile'
