export * from './Box'
