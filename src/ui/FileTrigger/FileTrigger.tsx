import type { ReactNode } from 'react'
import {
  FileTrigger as AriaFileTrigger,
  type FileTriggerProps as AriaFileTriggerProps,
} from 'react-aria-components'
import { Button, type ButtonStyleProps } from '../Button'

export interface FileTriggerProps extends Omit<AriaFileTriggerProps, 'children'>, ButtonStyleProps {
  /** The button's label. */
  children: ReactNode
  isDisabled?: boolean
}

/**
 * A button that opens the file chooser. `defaultCamera` ('environment' | 'user') sets the input's
 * `capture` attribute so phones open the camera instead.
 */
export function FileTrigger({
  children,
  intent = 'toolbarAction',
  variant,
  size,
  isDisabled,
  ...props
}: FileTriggerProps) {
  return (
    <AriaFileTrigger {...props}>
      <Button intent={intent} variant={variant} size={size} isDisabled={isDisabled}>
        {children}
      </Button>
    </AriaFileTrigger>
  )
}
