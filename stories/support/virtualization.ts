/**
 * react-aria switches virtualisation off when NODE_ENV is 'test' (for jsdom, which has no layout)
 * unless VIRT_ON is set: every row renders and columns have no width to share. Stories run in a
 * real browser, so they measure the real thing. Use as a `beforeEach` of virtualised tables.
 */
export function virtualizeInTests() {
  if (typeof process === 'undefined' || !process.env) return
  process.env.VIRT_ON = '1'
  return () => {
    delete process.env.VIRT_ON
  }
}
