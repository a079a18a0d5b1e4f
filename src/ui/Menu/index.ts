export * from './Menu'
