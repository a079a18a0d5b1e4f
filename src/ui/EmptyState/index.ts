export * from './EmptyState'
