export * from './Tabs'
