import { globalStyle } from '@vanilla-extract/css'
import { vars } from './vars.css'

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' })

globalStyle('html, body', {
  margin: 0,
  fontFamily: vars.font.body,
  fontSize: '16px',
  lineHeight: 1.5,
  color: vars.color.text,
  background: vars.color.background,
  WebkitFontSmoothing: 'antialiased',
})

globalStyle('body', { minHeight: '100vh' })

globalStyle(':focus-visible', {
  outline: `2px solid ${vars.color.focusRing}`,
  outlineOffset: '2px',
})

globalStyle('a', { color: vars.color.brand })

globalStyle('*, *::before, *::after', {
  '@media': {
    '(prefers-reduced-motion: reduce)': {
      animationDuration: '0.01ms !important',
      transitionDuration: '0.01ms !important',
    },
  },
})
