export * from './Breadcrumbs'
