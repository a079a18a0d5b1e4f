export * from './ProfileCard'
export * from './profile'
