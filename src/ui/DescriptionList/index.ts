export * from './DescriptionList'
