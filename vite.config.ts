import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { defineConfig, type Plugin } from 'vite'
import type { ViteUserConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin'
import { playwright } from '@vitest/browser-playwright'
import { chromiumLaunchOptions } from './tests/tools/chromium.ts'

/**
 * `~/x` is `src/x` (tsconfig.json `paths`; tsx reads those for the server): for the app, Storybook
 * (which loads this file) and every test project, including those that do not extend this config.
 */
const resolve = { alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) } }

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 8080}`

/**
 * The server suite runs twice: on PGlite, and on this PostgreSQL (a fresh database per test file).
 * SKIP_POSTGRES_TESTS=1 leaves the second run out on a machine without PostgreSQL.
 */
const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const serverSuite: ViteUserConfig['test'] = {
  environment: 'node',
  include: ['src/server/**/*.test.ts', 'tests/server/**/*.test.ts'],
  // One PGlite instance per file is heavy on two cores; files share a worker pool of two.
  maxWorkers: 2,
  /*
   * A worker imports the server once for all its files, and its apps share the compiled schemas
   * (app.ts, keptForTheProcess): each file still builds its own app on its own database, but no
   * longer spends 3-6 s importing and 3-4 s compiling before its first test. No test mocks modules.
   */
  isolate: false,
  testTimeout: 30_000,
  hookTimeout: 120_000,
}

/**
 * Writes a .br and a .gz beside every text file of the build, once, so the server sends them
 * (@fastify/static preCompressed) without compressing on every request.
 */
function precompress(): Plugin {
  let outDir = ''
  return {
    name: 'precompress',
    apply: 'build',
    configResolved: (config) => void (outDir = path.resolve(config.root, config.build.outDir)),
    closeBundle() {
      for (const entry of readdirSync(outDir, { recursive: true, encoding: 'utf8' })) {
        if (!/\.(js|css|html|svg|json|txt)$/.test(entry) || entry.includes('.vite')) continue
        const file = path.join(outDir, entry)
        const content = readFileSync(file)
        if (content.length < 1024) continue
        writeFileSync(`${file}.br`, brotliCompressSync(content))
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }))
      }
    },
  }
}

/** Debian's chromium: nothing on these machines can download a browser build. */
const chromium = playwright({ launchOptions: chromiumLaunchOptions })

export default defineConfig({
  resolve,
  plugins: [
    // The router plugin must run before react() so route files are split before JSX is compiled.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Loaders too: they import every page's query options, which the first page never needs.
      codeSplittingOptions: {
        defaultBehavior: [
          ['loader'],
          ['component'],
          ['pendingComponent'],
          ['errorComponent'],
          ['notFoundComponent'],
        ],
      },
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/routeTree.gen.ts',
    }),
    react(),
    vanillaExtractPlugin(),
    precompress(),
  ],
  server: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  publicDir: 'src/public',
  // Found late by the dev optimizer, they made the story runner reload mid-run: bundle them up front.
  optimizeDeps: {
    include: [
      '@vanilla-extract/recipes/createRuntimeFn',
      '@vanilla-extract/sprinkles/createRuntimeSprinkles',
      'zod/mini',
    ],
  },
  // The manifest lets the e2e size budget walk each route's initial chunks.
  build: {
    outDir: 'dist',
    /*
     * Maps are written (to read a reported stack trace against) but no bundle points at them, and
     * the server serves *.map only with APP_ENV=development (app.ts, serveConsole): they hold the
     * whole client source.
     */
    sourcemap: 'hidden',
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          /*
           * What the entry imports statically runs on every first load anyway: one chunk, not the
           * ~20 small ones Rolldown cuts it into where lazy routes share a module. Fewer requests,
           * and gzip sees it whole: 8-9 KiB less initial JavaScript on every route.
           */
          groups: [
            { name: 'index', tags: ['$initial'] },
            // The layout primitives, one chunk: ten tiny ones put ten more names in the entry's preload map.
            {
              name: 'layout',
              test: /src\/ui\/((Box|Stack|Inline|Columns|Tiles|Text|Heading|ContentBlock|DescriptionList|Notice)\/|private\/(layout|responsive))/,
            },
          ],
        },
      },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          // Groups run one after another: two cores are not enough for a browser and PGlite at once.
          sequence: { groupOrder: 0 },
          include: ['src/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          exclude: ['src/server/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'happy-dom',
          sequence: { groupOrder: 0 },
          include: ['src/**/*.test.tsx', 'tests/unit/**/*.test.tsx'],
        },
      },
      {
        resolve,
        test: {
          ...serverSuite,
          name: 'server',
          sequence: { groupOrder: 1 },
          // The PGlite run, whatever the shell exports.
          env: { TEST_DATABASE_URL: '' },
        },
      },
      ...(process.env.SKIP_POSTGRES_TESTS
        ? []
        : [
            {
              resolve,
              test: {
                ...serverSuite,
                name: 'server-postgres',
                sequence: { groupOrder: 2 },
                env: { TEST_DATABASE_URL: postgresUrl },
                globalSetup: ['tests/server/helpers/require-postgres.ts'],
              },
            },
          ]),
      /*
       * Stories in dev mode (play and a11y; what Storybook's test widget runs): `npm run
       * test:stories` while working on stories. `npm test` leaves it out and tests every story once,
       * against the build (storybook-static below), visual baselines included.
       */
      {
        extends: true,
        plugins: [
          storybookTest({ configDir: fileURLToPath(new URL('./.storybook', import.meta.url)) }),
        ],
        test: {
          name: 'storybook',
          sequence: { groupOrder: 3 },
          // The 10,000-row table story sorts in React's development build: slow on two busy cores.
          testTimeout: 30_000,
          browser: {
            enabled: true,
            headless: true,
            provider: chromium,
            instances: [{ browser: 'chromium' }],
            viewport: { width: 1280, height: 800 },
          },
          setupFiles: ['.storybook/vitest.setup.ts'],
        },
      },
      /*
       * The built Storybook, as designers and Chromatic see it: every story's play, its a11y check
       * and its visual baseline against the production build (global-setup.ts builds it unless
       * STORYBOOK_STATIC_BUILT=1; `npm test` builds it beside the type check and lint).
       */
      {
        resolve,
        test: {
          name: 'storybook-static',
          environment: 'node',
          sequence: { groupOrder: 4 },
          include: ['tests/static-storybook/**/*.test.ts'],
          globalSetup: ['tests/static-storybook/global-setup.ts'],
          // A story waits up to 30 s for Storybook to say it finished; a few pages run at once.
          testTimeout: 60_000,
          hookTimeout: 60_000,
          maxConcurrency: 3,
        },
      },
      {
        resolve,
        test: {
          name: 'e2e',
          environment: 'node',
          sequence: { groupOrder: 4 },
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 300_000,
          /*
           * Two files at a time, each worker on a server and demo tenant of its own (global-setup.ts):
           * a page waits on the server most of the time, so two keep the cores busier than one.
           */
          maxWorkers: 2,
        },
      },
      /*
       * Kills and overloads of servers of its own. `npm test` (tests/tools/suite.mjs) runs it in a
       * process of its own beside the e2e files, which wait on a browser most of the time: a Vitest
       * group has one worker count, and e2e's one file at a time would make the group serial.
       */
      {
        resolve,
        test: {
          name: 'resilience',
          environment: 'node',
          sequence: { groupOrder: 4 },
          include: ['tests/resilience/**/*.test.ts'],
          testTimeout: 300_000,
        },
      },
    ],
  },
})
