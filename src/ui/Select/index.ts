export * from './Select'
