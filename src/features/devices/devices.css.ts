import { style, styleVariants } from '@vanilla-extract/css'
import { vars } from '../../styles'

/** Below this width a device row becomes a two-line card. */
export const NARROW_QUERY = 'screen and (max-width: 767px)'
/** Fixed row heights: the virtualiser positions rows without measuring them (fast at fleet size). */
export const ROW_HEIGHT = { wide: 52, narrow: 92 } as const

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.md,
  marginBottom: vars.space.lg,
})
export const searchBox = style({ flex: '1 1 16rem', minWidth: 0 })
export const filterBox = style({
  flex: '0 0 10rem',
  '@media': { [NARROW_QUERY]: { flex: '1 1 8rem' } },
})
export const narrowOnly = style({
  '@media': { 'screen and (min-width: 768px)': { display: 'none' } },
})

export const headerActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm })

const columns =
  'minmax(12rem, 2.2fr) minmax(8rem, 1.2fr) minmax(8rem, 1.4fr) minmax(9rem, 1.3fr) minmax(7rem, 1fr) minmax(6rem, 0.9fr)'

export const table = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  overflow: 'hidden',
})

export const headerRow = style({
  display: 'grid',
  gridTemplateColumns: columns,
  gap: vars.space.md,
  padding: `0 ${vars.space.lg}`,
  background: vars.color.surfaceSunken,
  borderBottom: `1px solid ${vars.color.border}`,
  '@media': { [NARROW_QUERY]: { display: 'none' } },
})

export const columnHeader = style({
  display: 'flex',
  alignItems: 'center',
  minHeight: '2.5rem',
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.textMuted,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
})
export const numericHeader = style({ justifyContent: 'flex-end' })

export const sortButton = style({
  all: 'unset',
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  cursor: 'pointer',
  borderRadius: vars.radius.sm,
  selectors: {
    '&:hover': { color: vars.color.text },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
})

export const scroller = style({
  overflowY: 'auto',
  maxHeight: 'max(20rem, calc(100vh - 22rem))',
  position: 'relative',
  '@media': { [NARROW_QUERY]: { maxHeight: 'max(28rem, 75vh)' } },
})

export const row = style({
  position: 'absolute',
  left: 0,
  right: 0,
  display: 'grid',
  gridTemplateColumns: columns,
  gap: vars.space.md,
  alignItems: 'center',
  padding: `0 ${vars.space.lg}`,
  borderBottom: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.sm,
  selectors: { '&:hover': { background: vars.color.surfaceHover } },
  '@media': {
    [NARROW_QUERY]: {
      gridTemplateColumns: 'minmax(0, 1fr) auto',
      gridTemplateAreas: '"name status" "meta meta" "latest today"',
      rowGap: vars.space.xxs,
      alignContent: 'center',
    },
  },
})

export const cell = style({
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
})
export const numericCell = style([cell, { textAlign: 'right', fontVariantNumeric: 'tabular-nums' }])
export const mutedCell = style([cell, { color: vars.color.textMuted }])

/** Grid areas of the narrow card layout; on wide screens the cells simply follow the columns. */
export const area = styleVariants({
  name: { '@media': { [NARROW_QUERY]: { gridArea: 'name' } } },
  serial: { '@media': { [NARROW_QUERY]: { gridArea: 'meta' } } },
  location: { '@media': { [NARROW_QUERY]: { display: 'none' } } },
  status: { '@media': { [NARROW_QUERY]: { gridArea: 'status' } } },
  latest: {
    '@media': {
      [NARROW_QUERY]: { gridArea: 'latest', textAlign: 'left', fontSize: vars.fontSize.xs },
    },
  },
  today: { '@media': { [NARROW_QUERY]: { gridArea: 'today', fontSize: vars.fontSize.xs } } },
})
export const narrowLabel = style({
  display: 'none',
  color: vars.color.textMuted,
  marginRight: vars.space.xs,
  '@media': { [NARROW_QUERY]: { display: 'inline' } },
})
export const narrowLocation = style({
  display: 'none',
  '@media': { [NARROW_QUERY]: { display: 'inline' } },
})

export const nameLink = style({
  color: vars.color.text,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'none',
  selectors: {
    '&:hover': { color: vars.color.brand, textDecoration: 'underline' },
    '&:focus-visible': {
      outline: `2px solid ${vars.color.focusRing}`,
      outlineOffset: '2px',
      borderRadius: vars.radius.sm,
    },
  },
})

export const statusCell = style([
  cell,
  { display: 'flex', flexDirection: 'column', gap: vars.space.xxs, alignItems: 'flex-start' },
])
export const lastSeen = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted })

export const pagerFooter = style({ marginTop: vars.space.md })
export const skeletonRow = style({
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderBottom: `1px solid ${vars.color.border}`,
})

export const deviceNav = style({
  display: 'flex',
  gap: vars.space.xs,
  overflowX: 'auto',
  borderBottom: `1px solid ${vars.color.border}`,
  marginBottom: vars.space.xl,
})
export const deviceNavLink = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  whiteSpace: 'nowrap',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'none',
  borderBottom: '2px solid transparent',
  marginBottom: '-1px',
  selectors: {
    '&:hover': { color: vars.color.text },
    '&[aria-current="page"]': { color: vars.color.brand, borderBottomColor: vars.color.brand },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '-2px' },
  },
})
export const headerMeta = style({
  display: 'inline-flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
})

export const grid = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 18rem), 1fr))',
  marginBottom: vars.space.lg,
})
export const stack = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  marginTop: vars.space.lg,
})

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: `${vars.space.sm} ${vars.space.lg}`,
  margin: 0,
  fontSize: vars.fontSize.sm,
})
export const factTerm = style({ color: vars.color.textMuted })
export const factValue = style({ margin: 0, minWidth: 0, overflowWrap: 'anywhere' })

export const figure = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs })
export const figureLabel = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
})
export const figureValue = style({
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.semibold,
  fontVariantNumeric: 'tabular-nums',
})
export const figureNote = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted })
export const figures = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'repeat(auto-fit, minmax(8rem, 1fr))',
})

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
})
export const listItem = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  padding: `${vars.space.sm} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.sm,
  selectors: { '&:last-child': { borderBottom: 'none' } },
})
export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.xs })
export const form = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  maxWidth: '40rem',
})
export const formRow = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 14rem), 1fr))',
})
export const formActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  justifyContent: 'flex-end',
})
export const dangerZone = style({ marginTop: vars.space.xxl, maxWidth: '40rem' })
export const factPair = style({ display: 'contents' })

export const gallery = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 14rem), 1fr))',
})
export const photoCard = style({
  display: 'flex',
  flexDirection: 'column',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  overflow: 'hidden',
})
export const photoButton = style({
  all: 'unset',
  cursor: 'zoom-in',
  display: 'block',
  aspectRatio: '4 / 3',
  background: vars.color.surfaceSunken,
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '-2px' },
  },
})
export const photo = style({ width: '100%', height: '100%', objectFit: 'cover', display: 'block' })
export const photoCaption = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  padding: vars.space.md,
  fontSize: vars.fontSize.sm,
})
export const fullPhoto = style({
  display: 'block',
  maxWidth: '100%',
  maxHeight: '70vh',
  margin: '0 auto',
  objectFit: 'contain',
})
