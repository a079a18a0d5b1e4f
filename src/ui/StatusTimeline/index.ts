export * from './StatusTimeline'
