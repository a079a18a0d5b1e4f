export * from './ContentBlock'
