import { defaultStringifySearch } from '@tanstack/react-router'

/**
 * The router's search string, with a list as its key repeated (`device_ids=a&device_ids=b`, as the
 * API takes it) instead of a JSON array: a shared link stays short and readable. Anything else is
 * written as the router does by default. Reading needs nothing new: the router's parser already
 * turns a repeated key into a list (and one occurrence into a single value, which schemas accept).
 */
export function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(search)) {
    if (Array.isArray(value)) {
      for (const item of value as unknown[]) {
        if (typeof item === 'object' && item !== null)
          throw new Error(`search parameter ${key}: a list in the URL holds plain values only`)
        params.append(key, String(item))
      }
    } else {
      for (const [k, v] of new URLSearchParams(defaultStringifySearch({ [key]: value })))
        params.append(k, v)
    }
  }
  const text = params.toString()
  return text ? `?${text}` : ''
}
