export * from './Inline'
