import type { FormHTMLAttributes, HTMLAttributes, ReactNode } from 'react'

/** The elements a layout primitive may render as (semantics stay the caller's choice). */
export type LayoutElement =
  | 'div'
  | 'section'
  | 'article'
  | 'header'
  | 'footer'
  | 'nav'
  | 'aside'
  | 'ul'
  | 'ol'
  | 'li'
  | 'dl'
  | 'p'
  | 'span'
  | 'form'
  | 'fieldset'

/** Props every layout primitive takes besides its own: any HTML attribute, data-* and aria-*. */
export interface LayoutBaseProps
  extends
    Omit<HTMLAttributes<HTMLElement>, 'color'>,
    Pick<FormHTMLAttributes<HTMLElement>, 'noValidate'> {
  className?: string
  children?: ReactNode
}
