/** Up to two initials from a full name, else from the e-mail's local part. */
export function initials(fullName: string | null | undefined, email: string): string {
  const words = (fullName ?? '').trim().split(/\s+/).filter(Boolean)
  if (words.length > 0)
    return (words[0]![0]! + (words.length > 1 ? words.at(-1)![0]! : '')).toUpperCase()
  return (email[0] ?? '?').toUpperCase()
}
