import type { ReactNode } from 'react'
import {
  Button,
  Tag as AriaTag,
  TagGroup as AriaTagGroup,
  TagList,
  type TagGroupProps as AriaTagGroupProps,
  type TagListProps,
  type TagProps as AriaTagProps,
} from 'react-aria-components'
import { FieldHelp, FieldLabel, type FieldProps } from '../private/Field'
import * as field from '../private/field.css'
import { Icon } from '../Icon'
import * as styles from './TagGroup.css'

export interface TagGroupProps<T extends object>
  extends Omit<AriaTagGroupProps, 'children'>, Omit<FieldProps, 'errorMessage'> {
  items?: Iterable<T>
  children: TagListProps<T>['children']
  /** What shows when there are no tags. */
  renderEmptyState?: TagListProps<T>['renderEmptyState']
}

/** Chosen values as removable tags (`onRemove` adds a remove button to each, and Delete works). */
export function TagGroup<T extends object>({
  label,
  description,
  items,
  children,
  renderEmptyState,
  ...props
}: TagGroupProps<T>) {
  return (
    <AriaTagGroup {...props} className={field.field}>
      <FieldLabel>{label}</FieldLabel>
      <TagList items={items} className={styles.list} renderEmptyState={renderEmptyState}>
        {children}
      </TagList>
      <FieldHelp description={description} />
    </AriaTagGroup>
  )
}

export interface TagProps extends Omit<AriaTagProps, 'children'> {
  children: ReactNode
}

export function Tag({ children, ...props }: TagProps) {
  const textValue = props.textValue ?? (typeof children === 'string' ? children : undefined)
  return (
    <AriaTag {...props} textValue={textValue} className={styles.tag}>
      {({ allowsRemoving }) => (
        <>
          {children}
          {allowsRemoving && (
            <Button
              slot="remove"
              className={styles.remove}
              // Named with its tag by react-aria (labelled by both): 'Remove Cold storage'.
              aria-label="Remove"
            >
              <Icon name="close" size="sm" />
            </Button>
          )}
        </>
      )}
    </AriaTag>
  )
}
