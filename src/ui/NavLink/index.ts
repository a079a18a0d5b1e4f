export * from './NavLink'
