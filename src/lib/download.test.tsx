import { afterEach, describe, expect, it, vi } from 'vitest'
import { downloadText } from './download'

describe('downloadText', () => {
  afterEach(() => vi.restoreAllMocks())

  it('clicks a link in the document to the text, then frees the URL', async () => {
    vi.useFakeTimers()
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:test')
    const revoked = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
    const clicked: { name: string; href: string; inDocument: boolean }[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ name: this.download, href: this.href, inDocument: this.isConnected })
    })
    downloadText('a,b\r\n', 'rows.csv')
    expect(clicked).toEqual([{ name: 'rows.csv', href: 'blob:test', inDocument: true }])
    const blob = created.mock.calls[0]![0] as Blob
    expect(blob.type).toBe('text/csv;charset=utf-8')
    expect(await blob.text()).toBe('a,b\r\n')
    expect(document.querySelector('a[download]')).toBeNull()
    expect(revoked).not.toHaveBeenCalled()
    vi.runAllTimers()
    expect(revoked).toHaveBeenCalledWith('blob:test')
    vi.useRealTimers()
  })
})
