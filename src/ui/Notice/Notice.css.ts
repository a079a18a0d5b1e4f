import { styleVariants } from '@vanilla-extract/css'
import { vars } from '~/styles/vars.css'

const box = {
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  fontSize: vars.fontSize.sm,
}

export const tone = styleVariants({
  critical: { ...box, background: vars.color.dangerSoft, color: vars.color.danger },
  caution: { ...box, background: vars.color.warningSoft, color: vars.color.text },
})
