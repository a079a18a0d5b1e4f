import { useState } from 'react'
import { normalizeError } from '~/api'

/** A problem with the pasted or uploaded text itself, shown as it is (nothing was loaded). */
export class ImportInputError extends Error {}

export interface ImportFlowOptions<T> {
  /**
   * Reads and checks the text; nothing is sent. It answers at once, or with a promise when it loads
   * what it compares against (only then does the button show that it is working).
   */
  check: (text: string) => T | Promise<T>
  /** Heads the message when loading failed, e.g. 'Devices could not be loaded'. */
  loadFailure: string
}

export interface ImportFlow<T> {
  text: string
  /** The rows as checked, until the text changes. */
  result: T | null
  checking: boolean
  /** Why the last check gave no rows. */
  error: string | null
  /** New text: the rows checked before no longer describe it. */
  edit: (text: string) => void
  run: (text: string) => Promise<void>
  /** The page's own changes to the checked rows (the server's refusals beside them). */
  setResult: (result: T | null) => void
  /** Back to an empty form, for another file. */
  reset: () => void
}

/**
 * The state of an import: upload or paste -> check -> the checked rows, which the page shows in
 * its table and submits. Shared by bulk push and batch registration.
 */
export function useImportFlow<T>({ check, loadFailure }: ImportFlowOptions<T>): ImportFlow<T> {
  const [text, setText] = useState('')
  const [result, setResult] = useState<T | null>(null)
  const [checking, setChecking] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const run = async (input: string) => {
    setError(null)
    try {
      const checked = check(input)
      if (checked instanceof Promise) setChecking(true)
      setResult(await checked)
    } catch (e) {
      if (e instanceof ImportInputError) {
        setResult(null)
        setError(e.message)
      } else setError(`${loadFailure}: ${normalizeError(e).message}`)
    } finally {
      setChecking(false)
    }
  }

  const edit = (next: string) => {
    setText(next)
    setResult(null)
  }

  const reset = () => {
    edit('')
    setError(null)
  }

  return { text, result, checking, error, edit, run, setResult, reset }
}
