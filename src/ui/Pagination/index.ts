export * from './Pagination'
