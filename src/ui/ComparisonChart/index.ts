export * from './ComparisonChart'
