/**
 * Initial JavaScript of a route in the Vite build: the entry, the lazily loaded component chunks
 * of the route and of its layout routes, and everything they import statically (what the browser
 * must fetch before the page can render), measured raw and gzipped from dist/.vite/manifest.json.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

interface ManifestChunk {
  file: string
  imports?: string[]
  isEntry?: boolean
}
type Manifest = Record<string, ManifestChunk>

/** Route files from the root down, as TanStack Router nests them (src/routes). */
export const routeChains = {
  login: ['login.tsx'],
  dashboard: ['_auth.tsx', '_auth/_app.tsx', '_auth/_app/dashboard.tsx'],
  devices: ['_auth.tsx', '_auth/_app.tsx', '_auth/_app/devices/index.tsx'],
  device: ['_auth.tsx', '_auth/_app.tsx', '_auth/_app/devices/$deviceId/index.tsx'],
  consumption: ['_auth.tsx', '_auth/_app.tsx', '_auth/_app/devices/$deviceId/consumption.tsx'],
  reports: ['_auth.tsx', '_auth/_app.tsx', '_auth/_app/reports.tsx'],
  notifications: ['_auth.tsx', '_auth/_app.tsx', '_auth/_app/notifications.tsx'],
  users: ['_auth.tsx', '_auth/_app.tsx', '_auth/_app/users/index.tsx'],
  debug: ['_auth.tsx', '_auth/_app.tsx', '_auth/_app/debug.tsx'],
} as const satisfies Record<string, readonly string[]>
export type RouteName = keyof typeof routeChains

export interface RouteSize {
  route: RouteName
  files: string[]
  bytes: number
  gzipBytes: number
}

export function readManifest(dist: string): Manifest {
  return JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest
}

/** The chunks `keys` load before running: themselves and their static imports, transitively. */
function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>()
  const pending = [...keys]
  while (pending.length > 0) {
    const key = pending.pop()!
    if (seen.has(key)) continue
    const chunk = manifest[key]
    if (!chunk) throw new Error(`${key} is not in the Vite manifest`)
    seen.add(key)
    pending.push(...(chunk.imports ?? []))
  }
  return seen
}

/** The route's component chunks (the router plugin splits each route's component into one). */
function routeChunkKeys(manifest: Manifest, route: RouteName): string[] {
  return routeChains[route].flatMap((file) => {
    const prefix = `src/routes/${file}?tsr-split=`
    return Object.keys(manifest).filter((key) => key.startsWith(prefix))
  })
}

const gzipCache = new Map<string, number>()
function gzipSize(file: string): number {
  let size = gzipCache.get(file)
  if (size === undefined) {
    // Level 6: zlib's default, and what servers compressing on the fly commonly use.
    size = gzipSync(readFileSync(file), { level: 6 }).length
    gzipCache.set(file, size)
  }
  return size
}

export function routeSize(dist: string, manifest: Manifest, route: RouteName): RouteSize {
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry)
  const keys = staticClosure(manifest, [...entries, ...routeChunkKeys(manifest, route)])
  const files = [...keys].map((key) => manifest[key]!.file).filter((f) => f.endsWith('.js'))
  let bytes = 0
  let gzipBytes = 0
  for (const file of files) {
    const full = path.join(dist, file)
    bytes += readFileSync(full).length
    gzipBytes += gzipSize(full)
  }
  return { route, files, bytes, gzipBytes }
}

export const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10
