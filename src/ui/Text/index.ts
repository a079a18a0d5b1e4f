export * from './Text'
