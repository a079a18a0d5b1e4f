import { formatNumber } from './format'
/** 'no devices', '1 device', '1,204 devices': a count with its noun in the right number. */
export function plural(count: number, noun: string, nouns = `${noun}s`): string {
  return `${formatNumber(count)} ${count === 1 ? noun : nouns}`
}
