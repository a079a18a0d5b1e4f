import { defineConfig } from '@hey-api/openapi-ts'

// Everything under src/api/__generated__ comes from openapi.yaml through this file.
export default defineConfig({
  input: './openapi.yaml',
  output: { path: './src/api/__generated__' },
  plugins: [
    '@hey-api/client-fetch',
    '@hey-api/typescript',
    '@hey-api/sdk',
    '@tanstack/react-query',
    { name: 'zod', dates: { offset: true } },
    'fastify',
    // Stories override what they need; anything left unmocked reaches the network and fails loudly.
    { name: 'msw', responseFallback: 'error' },
  ],
})
