export * from './CumulativeChart'
