import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  AjvCompiler,
  type BuildCompilerFromPool,
  type RouteDefinition,
} from '@fastify/ajv-compiler'
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler'
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
} from 'fastify'
import cookie from '@fastify/cookie'
import formbody from '@fastify/formbody'
import multipart from '@fastify/multipart'
import fastifyStatic from '@fastify/static'
import openapiGlue from 'fastify-openapi-glue'
import type { Config } from './config.ts'
import { ajvSettings, loadSpecification } from './contract.ts'
import type { Database } from './db/database.ts'
import type { Logs } from './logging.ts'
import { HttpError } from './lib/http-errors.ts'
import { handlers } from './modules/index.ts'
import { bodyMediaTypes, utf8Json } from './plugins/body-media-types.ts'
import { multipartBody, UPLOAD_MAX_BYTES } from './plugins/multipart-body.ts'
import { csrfProtection } from './plugins/csrf.ts'
import { errorHandling } from './plugins/error-handler.ts'
import { finiteNumbers } from './plugins/finite-numbers.ts'
import { ingestLimit } from './plugins/ingest-limit.ts'
import { LoginThrottle } from './plugins/login-throttle.ts'
import { requestContext, requestIdOf, shutdownGate } from './plugins/request-context.ts'
import { profiler } from './plugins/profiler.ts'
import { securityHeaders, securityHeadersBeforeHooks } from './plugins/security-headers.ts'
import { sessionAuth } from './plugins/session-auth.ts'
import { mqttOff } from './modules/mqtt/mqtt-service.ts'
import { EventHub, type EventHubOptions } from './modules/events/event-hub.ts'
import { brokerTrustNotice } from './modules/mqtt/broker-trust.ts'
import { embeddedCapacityNotice } from './modules/server-status/embedded-capacity.ts'
import { LoadMeter } from './modules/server-status/load-meter.ts'
import { NoticeRegistry } from './modules/server-status/notices.ts'
import { diskStorage, type FileStorage } from './storage/file-storage.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
export const distDir = path.join(root, 'dist')

export interface AppOptions {
  config: Config
  db: Database
  logs: Logs
  sessionSecret: Buffer
  /** Serve the built console from dist/ (with index.html for client routes). @default false */
  spa?: boolean
  /** Where the built console is (tests serve a stand-in). @default dist/ */
  spaDir?: string
  /** Shared with server.ts: set while draining for shutdown. */
  lifecycle?: { draining: boolean }
  loginThrottle?: LoginThrottle
  /** Uploaded files. @default files under DATA_DIR/attachments */
  storage?: FileStorage
  /** The live event stream's settings (tests shorten the heartbeat). */
  live?: EventHubOptions
}

/**
 * A compiler factory whose compiled validators (or serialisers) are kept for the process, keyed by
 * everything the compiler reads: a second app in one process (a replica in a test, each test file of
 * a worker) reuses them instead of compiling the contract's schemas again, which took most of an
 * app's start (ajv and fast-json-stringify, about 3 s of CPU).
 */
function keptForTheProcess<External, Options, Route, Compiled>(
  factory: (externalSchemas: External, options: Options) => (route: Route) => Compiled,
): (externalSchemas: External, options: Options) => (route: Route) => Compiled {
  const compiled = new Map<string, Compiled>()
  return (externalSchemas, options) => {
    const compile = factory(externalSchemas, options)
    const context = JSON.stringify([externalSchemas, options])
    return (route) => {
      const key = `${context}\n${JSON.stringify(route)}`
      let done = compiled.get(key)
      if (!done) compiled.set(key, (done = compile(route)))
      return done
    }
  }
}

/** Bodies whose fields arrive as text, like query and path values. */
const TEXT_BODIES = new Set(['multipart/form-data', 'application/x-www-form-urlencoded'])

/**
 * Query, path and header values are text, and so are form fields: their numbers, booleans and
 * one-item lists are read from it. A JSON body has types of its own and is validated as sent:
 * coerced, `"kwh": null` was stored as a 0 kWh reading (a meter reset) and `"is_active": null`
 * deactivated a rule.
 */
function validatorsByPart(): BuildCompilerFromPool {
  const pool = AjvCompiler()
  return (externalSchemas, options) => {
    const fromText = pool(externalSchemas, options)
    const asSent = pool(externalSchemas, {
      ...options,
      customOptions: { ...options?.customOptions, coerceTypes: false },
    } as typeof options)
    // Fastify names the media type of each body schema it compiles (`content` of the contract).
    return (route: RouteDefinition & { contentType?: string }) =>
      route.httpPart === 'body' && !TEXT_BODIES.has(route.contentType ?? '')
        ? asSent(route)
        : fromText(route)
  }
}

/** Every app of the process compiles through these (keptForTheProcess). */
const compilers = {
  buildValidator: keptForTheProcess(validatorsByPart()),
  buildSerializer: keptForTheProcess(SerializerSelector()),
}

/**
 * The whole server as one Fastify instance: external plugins (cookies, forms, multipart) ->
 * app plugins (request context, security headers, CSRF, sessions and permissions) -> every route
 * of openapi.yaml through fastify-openapi-glue (validation and serialisation from the contract)
 * -> the console's static files.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, db, logs } = options
  const hsts = config.appEnv !== 'development'
  const headersBeforeHooks = securityHeadersBeforeHooks(hsts)
  const app = Fastify({
    loggerInstance: logs.logger as FastifyBaseLogger,
    genReqId: requestIdOf,
    // One line per request is written by requestContext (with status and duration) instead.
    logController: new LogController({
      requestIdLogLabel: 'request_id',
      disableRequestLogging: true,
    }),
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimit,
    return503OnClosing: false,
    // The router refuses malformed and overlong paths before any hook or error handler runs:
    // answer them here in our error shape, with the request id and the security headers.
    frameworkErrors: (error, request, reply) => {
      const http =
        error.code === 'FST_ERR_BAD_URL'
          ? new HttpError(400, 'The URL is malformed', 'malformed_url')
          : new HttpError(404, 'Not found', 'not_found')
      headersBeforeHooks(request, reply)
      return (reply as FastifyReply)
        .code(http.statusCode)
        .header('x-request-id', request.id)
        .type('application/json')
        .send(http.body())
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    schemaController: { compilersFactory: compilers },
    ajv: ajvSettings,
  })
  app.decorate('config', config)
  app.decorate('db', db)
  app.decorate('logs', logs)
  app.decorate('sessionSecret', options.sessionSecret)
  app.decorate('loginThrottle', options.loginThrottle ?? new LoginThrottle(db, config.loginLimits))
  // Filled in by the MQTT service (services.ts) when it is registered.
  app.decorate('mqtt', mqttOff('not started by this process'))
  const live = new EventHub(options.live)
  app.decorate('live', live)
  app.decorate('load', new LoadMeter())
  app.decorate('notices', new NoticeRegistry())
  app.notices.register(
    embeddedCapacityNotice({ kind: db.kind, load: app.load, liveStreams: () => live.size }),
  )
  app.notices.register(brokerTrustNotice())
  app.addHook('onReady', () => live.start(db))
  // First of all on close: open streams would hold the server open.
  app.addHook('preClose', () => live.close())
  app.decorate('storage', options.storage ?? diskStorage(path.join(config.dataDir, 'attachments')))

  // Every plugin names the ones it must come after (fastify-plugin `dependencies`): registering
  // one out of order fails at start instead of, say, refusing a request before its id is known.
  await app.register(shutdownGate, {
    lifecycle: options.lifecycle ?? { draining: false },
    refusalHeaders: headersBeforeHooks,
  })
  await app.register(securityHeaders, { hsts })
  await app.register(requestContext)
  await app.register(profiler)
  await app.register(cookie)
  await app.register(formbody, { bodyLimit: 16 * 1024 })
  await app.register(multipart, {
    // fieldSize in bytes: a 500-character note may take 2,000 in UTF-8.
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10, fieldSize: 4096 },
  })
  // Media types the contract uses only for answers (profiled JSON, CSV, photos, the live event
  // stream): registered as opaque buffers so fastify-openapi-glue finds a parser (it warns at
  // every start for one it does not find); no operation accepts them as a body.
  app.addContentTypeParser(
    ['application/vnd.console.profiled+json', 'text/csv', 'image/*', 'text/event-stream'],
    { parseAs: 'buffer' },
    (_request, body, done) => done(null, body),
  )
  await app.register(utf8Json)
  await app.register(csrfProtection)
  await app.register(sessionAuth)
  await app.register(ingestLimit, config.ingestLimits)
  await app.register(bodyMediaTypes)
  await app.register(multipartBody)
  await app.register(finiteNumbers)
  await app.register(errorHandling)

  await app.register(openapiGlue, { specification: loadSpecification(), serviceHandlers: handlers })

  if (options.spa) {
    await serveConsole(app, options.spaDir ?? distDir, config.appEnv === 'development')
  }
  // Not async: an async handler's returned reply is awaited (Reply.then adds 'close' listeners
  // until the answer ends), and a console path has already been awaited twice by @fastify/static
  // (its wildcard route, then sendFile): one more made 11 and a MaxListenersExceededWarning on the
  // first page load after every start.
  app.setNotFoundHandler((request, reply) => {
    if (
      options.spa &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      !isSourceMap(request.url.split('?')[0]!)
    ) {
      void reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html')
      return
    }
    throw new HttpError(
      404,
      `No route for ${request.method} ${request.url.split('?')[0]}`,
      'not_found',
    )
  })
  return app
}

/** A source map's path (`%2Emap` spelled out too): the whole client source, in comments and all. */
function isSourceMap(pathname: string): boolean {
  let decoded = pathname
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    // Not valid percent-encoding: no file has that name either.
  }
  return /\.map$/i.test(decoded)
}

/**
 * The built SPA: hashed assets cached for a year, index.html always revalidated. The build keeps
 * hidden source maps beside the bundles (vite.config.ts); only development serves them.
 */
async function serveConsole(app: FastifyInstance, dir: string, serveMaps: boolean): Promise<void> {
  if (!fs.existsSync(path.join(dir, 'index.html'))) {
    throw new Error(
      `The console is not built: ${dir}/index.html is missing. Run \`npm run build\`.`,
    )
  }
  await app.register(fastifyStatic, {
    root: dir,
    wildcard: true,
    index: ['index.html'],
    // The build writes .br and .gz beside each asset (vite.config.ts, precompress).
    preCompressed: true,
    // Checked by the plugin on the decoded path and again on the file it resolves to.
    allowedPath: (pathname) => serveMaps || !isSourceMap(pathname),
    setHeaders(reply, file) {
      reply.header(
        'cache-control',
        file.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      )
    },
  })
}
