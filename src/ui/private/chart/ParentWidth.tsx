import { useParentSize } from '@visx/responsive'
import type { ReactNode } from 'react'

// A stable identity: useParentSize rebuilds its resize handler whenever this changes.
const ignored: ('height' | 'top' | 'left')[] = ['height', 'top', 'left']

/**
 * Measures the available width (only at the edge: the charts themselves stay pure). Unlike
 * <ParentSize>, the content stays in flow, so the chart's own height sizes the container.
 */
export function ParentWidth({ children }: { children: (width: number) => ReactNode }) {
  const { parentRef, width } = useParentSize({ ignoreDimensions: ignored, debounceTime: 60 })
  return (
    <div ref={parentRef} style={{ width: '100%', minWidth: 0 }}>
      {width > 0 && children(Math.floor(width))}
    </div>
  )
}
