import { styleVariants } from '@vanilla-extract/css'

const centred = { width: '100%', marginInline: 'auto' } as const

/** Reading widths: a form or wizard (small), a settings page (medium), a page of cards (large). */
export const width = styleVariants({
  small: { ...centred, maxWidth: '40rem' },
  medium: { ...centred, maxWidth: '48rem' },
  large: { ...centred, maxWidth: '56rem' },
})
