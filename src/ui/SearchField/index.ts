export * from './SearchField'
