export * from './ErrorState'
