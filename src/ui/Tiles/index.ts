export * from './Tiles'
