/**
 * The two screens the shell is designed for (spec §2: the sidebar from 1024px, the drawer below).
 * `parameters.viewport.options` adds them to Storybook's toolbar; the Vitest runner reads the same
 * options and sizes its browser page from a story's `globals.viewport`.
 */
export const shellViewports = {
  desktop: { name: 'Desktop 1280', styles: { width: '1280px', height: '800px' }, type: 'desktop' },
  narrow: { name: 'Narrow 375', styles: { width: '375px', height: '812px' }, type: 'mobile' },
} as const

export const shellViewportParameters = { viewport: { options: shellViewports } }

export const desktopViewport = { viewport: { value: 'desktop', isRotated: false } }
export const narrowViewport = { viewport: { value: 'narrow', isRotated: false } }
