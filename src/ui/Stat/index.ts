export * from './Stat'
