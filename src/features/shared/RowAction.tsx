import { Button, Icon, type IconName } from '~/ui'

/** An icon button in a table row's actions cell; `label` says what it does to which row. */
export function RowAction(props: { icon: IconName; label: string; onPress: () => void }) {
  return (
    <Button intent="iconGhost" aria-label={props.label} onPress={props.onPress}>
      <Icon name={props.icon} size="sm" />
    </Button>
  )
}
