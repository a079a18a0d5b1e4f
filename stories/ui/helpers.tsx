import type { CSSProperties, ReactNode } from 'react'
import { vars } from '~/styles'

/** Layout helpers for stories only (matrices, narrow frames). No colours here: those come from the theme. */
export function Row({
  children,
  gap = vars.space.md,
  wrap = true,
}: {
  children: ReactNode
  gap?: string
  wrap?: boolean
}) {
  return (
    <div style={{ display: 'flex', flexWrap: wrap ? 'wrap' : 'nowrap', gap, alignItems: 'center' }}>
      {children}
    </div>
  )
}

export function Stack({
  children,
  gap = vars.space.lg,
  style,
}: {
  children: ReactNode
  gap?: string
  style?: CSSProperties
}) {
  return <div style={{ display: 'grid', gap, ...style }}>{children}</div>
}

/** A fixed-width frame to show how a component behaves in a narrow column. */
export function Narrow({ children, width = '20rem' }: { children: ReactNode; width?: string }) {
  return <div style={{ width, maxWidth: '100%' }}>{children}</div>
}

/** Viewport global for narrow-screen stories (applied by Storybook and by the Vitest runner). */
export const mobileViewport = { viewport: { value: 'mobile1', isRotated: false } }
