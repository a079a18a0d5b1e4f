import { useParentSize } from '@visx/responsive'
import { useCallback, useLayoutEffect, useRef, useState, type ReactNode } from 'react'

// A stable identity: useParentSize rebuilds its resize handler whenever this changes.
const ignored: ('height' | 'top' | 'left')[] = ['height', 'top', 'left']

/**
 * Measures the available width (only at the edge: the charts themselves stay pure). Unlike
 * <ParentSize>, the content stays in flow, so the chart's own height sizes the container.
 */
export function ParentWidth({ children }: { children: (width: number) => ReactNode }) {
  const { parentRef, width: observed } = useParentSize({
    ignoreDimensions: ignored,
    debounceTime: 60,
  })
  const box = useRef<HTMLDivElement | null>(null)
  const ref = useCallback(
    (node: HTMLDivElement | null) => {
      box.current = node
      parentRef(node)
    },
    [parentRef],
  )
  // Measured before the first paint, so the chart is drawn with the page rather than a debounce
  // later (an empty box that then grows); resizes after that are debounced.
  const [initial, setInitial] = useState(0)
  useLayoutEffect(() => setInitial(box.current?.getBoundingClientRect().width ?? 0), [])
  const width = observed || initial
  return (
    <div ref={ref} style={{ width: '100%', minWidth: 0 }}>
      {width > 0 && children(Math.floor(width))}
    </div>
  )
}
