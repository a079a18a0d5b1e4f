export * from './Notice'
