export * from './Icon'
export * from './named-icons'
