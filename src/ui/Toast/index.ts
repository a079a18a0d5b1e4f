export * from './Toast'
export * from './toast-queue'
