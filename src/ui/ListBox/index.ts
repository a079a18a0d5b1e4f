export * from './ListBox'
