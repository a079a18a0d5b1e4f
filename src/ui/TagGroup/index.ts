export * from './TagGroup'
