export * from './Card'
