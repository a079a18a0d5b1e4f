export * from './Dialog'
export * from './ConfirmDialog'
