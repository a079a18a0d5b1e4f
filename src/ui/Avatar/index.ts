export * from './Avatar'
