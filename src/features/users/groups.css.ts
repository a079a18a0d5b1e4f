import { style } from '@vanilla-extract/css'
import { vars } from '../../styles'

export const memberList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid' })

export const member = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  padding: `${vars.space.sm} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: { '&:last-child': { borderBottom: 'none' } },
})

export const nameCell = style({
  display: 'flex',
  alignItems: 'center',
  flexWrap: 'wrap',
  gap: vars.space.sm,
})
