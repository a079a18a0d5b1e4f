export * from './LinkTabs'
