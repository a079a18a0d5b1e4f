import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { applyTheme } from '~/styles'
import { preferencesOptions } from './use-preferences'

/**
 * Applies the signed-in user's saved theme, and follows the system when it is 'system'. Meant
 * for the session lifecycle (the shell's), so every page shows the user's theme.
 */
export function usePreferredTheme(enabled = true) {
  const theme = useQuery({ ...preferencesOptions(), enabled }).data?.theme
  useEffect(() => {
    if (!theme) return
    applyTheme(theme)
    if (theme !== 'system') return
    const media = window.matchMedia('(prefers-color-scheme: dark)')
    const follow = () => applyTheme('system')
    media.addEventListener('change', follow)
    return () => media.removeEventListener('change', follow)
  }, [theme])
}
