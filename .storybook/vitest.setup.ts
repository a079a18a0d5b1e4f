import { setProjectAnnotations } from '@storybook/react-vite'
import type { StoryContext } from '@storybook/react-vite'
import * as a11yAddonAnnotations from '@storybook/addon-a11y/preview'
import { expect } from 'vitest'
import { page } from 'vitest/browser'
import * as projectAnnotations from './preview'

/*
 * Visual baselines: after each story's play function, the story is compared with the PNG committed
 * under stories/**\/__screenshots__/. The first run writes the baseline and fails on purpose.
 * Opt out per story with `parameters.visual = false` (live timers, random data).
 */

// Screenshots must not depend on timing: no animations, transitions or blinking caret.
const freeze = document.createElement('style')
freeze.dataset.visualFreeze = ''
freeze.textContent = `*, *::before, *::after {
  animation: none !important;
  transition: none !important;
  caret-color: transparent !important;
  scroll-behavior: auto !important;
}`
document.head.append(freeze)

/** Overlays (popovers, dialogs, toasts) are portalled into <body>, outside the story root. */
function hasPortalledContent(canvas: HTMLElement) {
  return [...document.body.children].some(
    (el) =>
      !el.contains(canvas) &&
      !['SCRIPT', 'STYLE', 'LINK'].includes(el.tagName) &&
      // Ignore visually hidden nodes such as react-aria's live announcer (1px boxes).
      el.getBoundingClientRect().height > 2,
  )
}

async function matchVisualBaseline({ canvasElement, parameters, name }: StoryContext) {
  if (parameters.visual === false) return
  await document.fonts.ready
  // The story root by test id: a locator made from its text is lost when late content changes it.
  canvasElement.dataset.testid = 'story-root'
  const target = hasPortalledContent(canvasElement)
    ? page.elementLocator(document.body)
    : page.getByTestId('story-root')
  // Named, not numbered: vitest numbers screenshots per call and its counter survives a retry, so a
  // retried story would look for a '-2' baseline that was never written.
  // pixelmatch's default threshold (0.1) misses a one-step palette change on dark surfaces.
  await expect(target).toMatchScreenshot(`${name} 1`, {
    comparatorName: 'pixelmatch',
    // Two busy cores can take a while to render a page story twice alike.
    timeout: 15_000,
    comparatorOptions: { threshold: 0.02 },
  })
}

/** Storybook pads the canvas for `layout: 'padded'`; do the same so focus rings are not clipped. */
function padCanvas({ canvasElement, parameters }: StoryContext) {
  canvasElement.style.padding = parameters.layout === 'fullscreen' ? '0' : '1rem'
}

setProjectAnnotations([
  a11yAddonAnnotations,
  projectAnnotations,
  {
    beforeEach: (context) => padCanvas(context as StoryContext),
    afterEach: (context) => matchVisualBaseline(context as StoryContext),
  },
])
