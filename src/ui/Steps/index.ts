export * from './Steps'
