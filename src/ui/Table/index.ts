export * from './Table'
export * from './VirtualTable'
