export * from './Popover'
