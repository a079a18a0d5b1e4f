export * from './Stack'
