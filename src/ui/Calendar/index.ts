export * from './Calendar'
