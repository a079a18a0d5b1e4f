export * from './Drawer'
