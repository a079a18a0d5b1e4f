export * from './Columns'
