import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { isIP } from 'node:net'
import ipaddr from 'ipaddr.js'

/**
 * Where a webhook may go (issue 32): never to this machine or the networks behind it (cloud
 * metadata at 169.254.169.254, databases on 127.0.0.1, private subnets), unless the operator named
 * the receiver in WEBHOOK_ALLOW_HOSTS. The check runs on the addresses a name resolves to, at
 * creation and again at every send (a name may point elsewhere by then: DNS rebinding), and the
 * connection then goes to exactly those addresses (`pinnedLookup`), so check and connection agree.
 *
 * ipaddr.js classifies every IANA special-purpose block (private, loopback, link-local, shared
 * 100.64/10, multicast, reserved, unique-local, NAT64, 6to4, Teredo...); only `unicast`, the
 * ordinary public internet, is allowed.
 */

/** Resolves a host name to all its addresses (dns.lookup's shape, so tests can inject one). */
export type ResolveHost = (host: string) => Promise<LookupAddress[]>

export interface WebhookSettings {
  /** WEBHOOK_ALLOW_HOSTS: host names, addresses and CIDRs webhooks may reach although internal. */
  allowHosts: readonly string[]
  /** How names are resolved; dns.lookup (the system resolver) unless a test injects one. */
  resolve?: ResolveHost
}

const systemResolve: ResolveHost = (host) =>
  new Promise((resolve, reject) =>
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  )

/** What each refused range is called in a message. */
const RANGE_NAMES: Record<string, string> = {
  loopback: 'a loopback address (this machine)',
  private: 'a private network address',
  uniqueLocal: 'a private network address',
  linkLocal: 'a link-local address (such as cloud metadata)',
  carrierGradeNat: 'a shared (carrier-grade NAT) address',
  unspecified: 'an unspecified address (0.0.0.0 or ::)',
  multicast: 'a multicast address',
  broadcast: 'a broadcast address',
}
const describeRange = (range: string) => RANGE_NAMES[range] ?? 'a reserved address'

/** Parses an allow-list entry; throws with the entry named when it is neither address nor CIDR. */
type AllowEntry =
  { kind: 'name'; name: string } | { kind: 'cidr'; cidr: [ipaddr.IPv4 | ipaddr.IPv6, number] }

function allowEntry(raw: string): AllowEntry {
  const value = raw
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
  if (value.includes('/')) return { kind: 'cidr', cidr: ipaddr.parseCIDR(value) }
  if (isIP(value)) {
    const address = ipaddr.parse(value)
    return { kind: 'cidr', cidr: [address, address.kind() === 'ipv4' ? 32 : 128] }
  }
  if (!/^[a-z0-9.-]+$/.test(value)) throw new Error(`${raw} is not a host name, address or CIDR`)
  return { kind: 'name', name: value.replace(/\.$/, '') }
}

/** WEBHOOK_ALLOW_HOSTS as a list; a bad entry throws naming it (config.ts reports it at start). */
export function parseAllowHosts(value: string | undefined): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  for (const entry of entries) allowEntry(entry)
  return entries
}

/** An IPv4-mapped IPv6 address (::ffff:127.0.0.1) is judged as the IPv4 address it carries. */
const normalise = (address: string) => {
  const parsed = ipaddr.parse(address)
  return parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()
    ? (parsed as ipaddr.IPv6).toIPv4Address()
    : parsed
}

export class WebhookPolicy {
  private readonly names: Set<string>
  private readonly cidrs: [ipaddr.IPv4 | ipaddr.IPv6, number][]
  private readonly resolve: ResolveHost

  constructor(settings: WebhookSettings) {
    const entries = settings.allowHosts.map(allowEntry)
    this.names = new Set(entries.flatMap((e) => (e.kind === 'name' ? [e.name] : [])))
    this.cidrs = entries.flatMap((e) => (e.kind === 'cidr' ? [e.cidr] : []))
    this.resolve = settings.resolve ?? systemResolve
  }

  /** The host as WHATWG URL spells it (2130706433 and 0x7f.1 are 127.0.0.1), without brackets. */
  static hostOf(url: URL) {
    return url.hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '')
  }

  private allowedAddress(address: ipaddr.IPv4 | ipaddr.IPv6) {
    return this.cidrs.some(
      ([base, bits]) => base.kind() === address.kind() && address.match([base, bits] as never),
    )
  }

  /** Why this address may not be reached, or null. */
  addressProblem(address: string): string | null {
    const parsed = normalise(address)
    if (this.allowedAddress(parsed)) return null
    const range = parsed.range()
    return range === 'unicast' ? null : describeRange(range)
  }

  /** Whether the operator allowed this host by name or address (plain http is fine then). */
  isAllowedHost(host: string): boolean {
    if (this.names.has(host.toLowerCase())) return true
    return isIP(host) !== 0 && this.allowedAddress(normalise(host))
  }

  /**
   * The addresses to connect to for the URL, each one checked, or why not: a refused range, or no
   * address at all. A host the operator named is resolved without a check.
   */
  async target(
    url: URL,
  ): Promise<
    { ok: true; addresses: LookupAddress[] } | { ok: false; reason: string; final: boolean }
  > {
    const host = WebhookPolicy.hostOf(url)
    const literal = isIP(host)
    let addresses: LookupAddress[]
    if (literal) addresses = [{ address: host, family: literal }]
    else {
      try {
        addresses = await this.resolve(host)
      } catch {
        addresses = []
      }
      if (addresses.length === 0)
        return { ok: false, reason: `no address was found for ${host}`, final: false }
    }
    if (this.names.has(host.toLowerCase())) return { ok: true, addresses }
    for (const { address } of addresses) {
      const problem = this.addressProblem(address)
      if (problem) {
        const what = literal ? `${host} is ${problem}` : `${host} resolves to ${problem}`
        return { ok: false, reason: what, final: true }
      }
    }
    return { ok: true, addresses }
  }

  /**
   * Why a channel may not use this URL (422 at creation and on edit), or null. https anywhere
   * public; http only to a host of WEBHOOK_ALLOW_HOSTS (an internal receiver).
   */
  async urlProblem(raw: string): Promise<string | null> {
    let url: URL
    try {
      url = new URL(raw)
    } catch {
      return 'Enter a full URL, e.g. https://hooks.example.com/meterdeck'
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      return 'Webhook URLs start with https://'
    if (url.username || url.password)
      return 'Put no user name or password in the URL: the signature authenticates each webhook'
    // A name the operator allowed is theirs to point anywhere; it is resolved when sending.
    if (this.names.has(WebhookPolicy.hostOf(url).toLowerCase())) return null
    const target = await this.target(url)
    if (!target.ok)
      return target.final
        ? `${capitalise(target.reason)}: webhooks may not reach internal addresses (the server's WEBHOOK_ALLOW_HOSTS can allow a receiver)`
        : `${capitalise(target.reason)}: check the host name`
    const host = WebhookPolicy.hostOf(url)
    if (
      url.protocol === 'http:' &&
      !this.isAllowedHost(host) &&
      !this.allowedByAddress(target.addresses)
    )
      return 'Webhook URLs use https:// (http:// only to receivers the server allows in WEBHOOK_ALLOW_HOSTS)'
    return null
  }

  private allowedByAddress(addresses: readonly LookupAddress[]) {
    return addresses.every((a) => this.allowedAddress(normalise(a.address)))
  }
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

/**
 * A `lookup` for http.request that answers with the addresses already checked, instead of asking
 * DNS again: the connection goes where the check looked.
 */
export function pinnedLookup(addresses: readonly LookupAddress[]) {
  return (
    _host: string,
    options: { all?: boolean },
    callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    if (options.all) callback(null, [...addresses])
    else callback(null, addresses[0]!.address, addresses[0]!.family)
  }
}
