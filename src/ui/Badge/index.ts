export * from './Badge'
