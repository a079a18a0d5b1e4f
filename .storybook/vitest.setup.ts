import { setProjectAnnotations } from '@storybook/react-vite'
import type { StoryContext } from '@storybook/react-vite'
import * as a11yAddonAnnotations from '@storybook/addon-a11y/preview'
import * as projectAnnotations from './preview'

/*
 * Stories in dev mode (`npm run test:stories`): each play function and a11y check. Visual
 * baselines are compared against the built Storybook (tests/tools/storybook-static.ts).
 */

/** Storybook pads the canvas for `layout: 'padded'`; do the same so focus rings are not clipped. */
function padCanvas({ canvasElement, parameters }: StoryContext) {
  canvasElement.style.padding = parameters.layout === 'fullscreen' ? '0' : '1rem'
}

setProjectAnnotations([
  a11yAddonAnnotations,
  projectAnnotations,
  { beforeEach: (context) => padCanvas(context as StoryContext) },
])
