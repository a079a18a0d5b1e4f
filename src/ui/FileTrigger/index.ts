export * from './FileTrigger'
export * from './PhotoPicker'
