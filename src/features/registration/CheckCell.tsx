import { Text } from '~/ui'
import * as styles from './registration.css'

/** An import row's problems, or what became of it ('Ready' before anything was sent). */
export function CheckCell({ errors, result }: { errors: readonly string[]; result?: string }) {
  if (errors.length === 0) return <Text tone="positive">{result ?? 'Ready'}</Text>
  return (
    <ul className={styles.errorList}>
      {errors.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  )
}
