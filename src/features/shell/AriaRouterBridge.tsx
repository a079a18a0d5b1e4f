import { useRouter, type NavigateOptions, type ToOptions } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { RouterProvider } from 'react-aria-components'

declare module 'react-aria-components' {
  interface RouterConfig {
    href: ToOptions['to'] | (string & {})
    routerOptions: Omit<NavigateOptions, keyof ToOptions>
  }
}

/** Lets the design system's react-aria links and buttons with `href` navigate through the router. */
export function AriaRouterBridge({ children }: { children: ReactNode }) {
  const router = useRouter()
  return (
    <RouterProvider
      navigate={(href, options) => void router.navigate({ href: String(href), ...options })}
      useHref={(href) => router.buildLocation({ to: String(href) }).href}
    >
      {children}
    </RouterProvider>
  )
}
