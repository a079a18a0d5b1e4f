import { style } from '@vanilla-extract/css'
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes'
import { vars } from '~/styles/vars.css'
import { controlHeight } from '~/styles/tokens'
import { focusRing } from '../private/focus.css'

const solid = (bg: string, hover: string, fg: string) => ({
  background: bg,
  color: fg,
  selectors: {
    '&[data-hovered]': { background: hover },
    '&[data-pressed]': { background: hover, transform: 'translateY(1px)' },
  },
})

export const button = recipe({
  base: {
    ...focusRing,
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: vars.space.sm,
    flexShrink: 0,
    border: '1px solid transparent',
    borderRadius: vars.radius.md,
    fontFamily: 'inherit',
    fontWeight: vars.fontWeight.medium,
    lineHeight: vars.lineHeight.tight,
    whiteSpace: 'nowrap',
    textDecoration: 'none',
    cursor: 'pointer',
    userSelect: 'none',
    transition: `background ${vars.motion.fast}, border-color ${vars.motion.fast}, color ${vars.motion.fast}`,
    selectors: {
      ...focusRing.selectors,
      '&[data-disabled], &[data-pending]': { opacity: 0.55, cursor: 'not-allowed' },
    },
  },
  variants: {
    variant: {
      default: solid(vars.color.brand, vars.color.brandHover, vars.color.textOnBrand),
      destructive: solid(vars.color.danger, vars.color.dangerHover, vars.color.textOnDanger),
      outline: {
        ...solid(vars.color.surface, vars.color.surfaceHover, vars.color.text),
        borderColor: vars.color.borderStrong,
      },
      secondary: solid(vars.color.surfaceHover, vars.color.borderStrong, vars.color.text),
      ghost: solid('transparent', vars.color.surfaceHover, vars.color.text),
      link: {
        background: 'transparent',
        color: vars.color.brand,
        selectors: { '&[data-hovered]': { textDecoration: 'underline' } },
      },
    },
    size: {
      default: {
        height: controlHeight.md,
        paddingInline: vars.space.lg,
        fontSize: vars.fontSize.sm,
      },
      sm: {
        height: controlHeight.sm,
        paddingInline: vars.space.md,
        fontSize: vars.fontSize.sm,
        gap: vars.space.xs,
      },
      lg: { height: controlHeight.lg, paddingInline: vars.space.xl, fontSize: vars.fontSize.md },
      icon: { height: controlHeight.md, width: controlHeight.md, padding: 0 },
    },
  },
  compoundVariants: (['default', 'sm', 'lg'] as const).map((size) => ({
    variants: { variant: 'link' as const, size },
    style: { paddingInline: 0, height: 'auto' },
  })),
  defaultVariants: { variant: 'default', size: 'default' },
})

export type ButtonVariants = NonNullable<RecipeVariants<typeof button>>

/** Layout tweaks an intent adds on top of its variant and size preset. */
export const intentTweak = {
  default: undefined,
  formPrimary: style({ minWidth: '7rem' }),
  formSecondary: style({ minWidth: '7rem' }),
  headerAction: style({ color: vars.color.textMuted }),
  toolbarAction: undefined,
  listItemAction: style({ width: '100%', justifyContent: 'flex-start' }),
  iconGhost: style({ color: vars.color.textMuted }),
  destructiveAction: undefined,
  floatingAction: style({ borderRadius: vars.radius.full, boxShadow: vars.shadow.lg }),
} as const
