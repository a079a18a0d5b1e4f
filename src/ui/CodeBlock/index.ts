export * from './CodeBlock'
