/**
 * The one way the console saves a file: a temporary link to the blob, clicked. The link is in the
 * document while it is clicked (Firefox ignores a click on a detached link), and the URL is freed
 * only after the click has started the download.
 */
export function downloadBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob)
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName })
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

/** Text made in the browser (a CSV by default) saved as a file. */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8') {
  downloadBlob(new Blob([text], { type }), fileName)
}
