import { describe, expect, it } from 'vitest'
import { parseAllowHosts, WebhookPolicy } from '~/server/modules/notifications/webhook-target.ts'

/** Where webhooks may go (issue 32): every internal range refused, unless the operator allows it. */
const noDns = async () => {
  throw new Error('no DNS in this test')
}
const strict = new WebhookPolicy({ allowHosts: [], resolve: noDns })

describe('WebhookPolicy', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.254', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['fe80::1', 'link-local'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['198.18.0.1', 'reserved'],
    ['64:ff9b::7f00:1', 'reserved'],
  ])('refuses %s (%s)', (address, kind) => {
    expect(strict.addressProblem(address)).toContain(kind)
  })

  it.each(['93.184.215.14', '8.8.8.8', '2606:4700::1111', '172.32.0.1', '100.128.0.1'])(
    'allows the public address %s',
    (address) => expect(strict.addressProblem(address)).toBeNull(),
  )

  it.each([
    'http://2130706433/',
    'http://0x7f000001/',
    'http://0177.0.0.1/',
    'http://127.1/',
    'https://[::ffff:7f00:1]/',
    'https://[::1]:8080/',
    'http://0.0.0.0:5432/',
  ])('refuses %s, however the address is spelled', async (url) => {
    expect(await strict.urlProblem(url)).toMatch(/webhooks may not reach internal addresses/)
  })

  it('refuses a name that resolves to an internal address, among public ones too', async () => {
    const policy = new WebhookPolicy({
      allowHosts: [],
      resolve: async () => [
        { address: '93.184.215.14', family: 4 },
        { address: '10.0.0.5', family: 4 },
      ],
    })
    expect(await policy.urlProblem('https://mixed.example.com/')).toBe(
      "Mixed.example.com resolves to a private network address: webhooks may not reach internal addresses (the server's WEBHOOK_ALLOW_HOSTS can allow a receiver)",
    )
  })

  it('allows what WEBHOOK_ALLOW_HOSTS names, by address, CIDR or host name (http too)', async () => {
    const policy = new WebhookPolicy({
      allowHosts: parseAllowHosts('127.0.0.1, 10.20.0.0/16, hooks.corp.internal'),
      resolve: async () => [{ address: '10.99.0.1', family: 4 }],
    })
    expect(await policy.urlProblem('http://127.0.0.1:9000/x')).toBeNull()
    expect(await policy.urlProblem('http://10.20.3.4/x')).toBeNull()
    expect(await policy.urlProblem('http://hooks.corp.internal/x')).toBeNull()
    expect(await policy.urlProblem('http://10.21.0.1/x')).toMatch(/private network address/)
    expect(await policy.urlProblem('http://127.0.0.2/x')).toMatch(/loopback/)
    // Plain http to the public internet stays refused.
    expect(await policy.urlProblem('http://93.184.215.14/x')).toMatch(/^Webhook URLs use https/)
  })

  it('refuses a bad WEBHOOK_ALLOW_HOSTS entry, naming it', () => {
    expect(() => parseAllowHosts('127.0.0.1,10.0.0.0/99')).toThrow()
    expect(() => parseAllowHosts('hooks corp')).toThrow(/hooks corp/)
  })
})
