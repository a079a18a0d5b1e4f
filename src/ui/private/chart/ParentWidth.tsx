import { ParentSize } from '@visx/responsive'
import type { ReactNode } from 'react'

/** Measures the available width (only at the edge: the charts themselves stay pure). */
export function ParentWidth({ children }: { children: (width: number) => ReactNode }) {
  return (
    <ParentSize ignoreDimensions={['height', 'top', 'left']} debounceTime={60} style={{ height: 'auto', minWidth: 0 }}>
      {({ width }) => children(Math.floor(width))}
    </ParentSize>
  )
}
