import { useEffect, useMemo, type ReactNode } from 'react'
import { DropZone, Text, isFileDropItem } from 'react-aria-components'
import * as styles from './FileTrigger.css'
import * as field from '../private/field.css'
import { Button } from '../Button'
import { Icon } from '../Icon'
import { FileTrigger } from './FileTrigger'

/** 'image/png' against ['image/*'] or exact types. */
const accepts = (type: string, accepted: string[]) =>
  accepted.some((a) => (a.endsWith('/*') ? type.startsWith(a.slice(0, -1)) : type === a))

export interface PhotoPickerProps {
  /** @default 'Photo' */
  label?: string
  /** The chosen image, or null. */
  value: File | null
  onChange: (file: File | null) => void
  /** @default 'Drop an image here, choose a file or take a photo.' */
  description?: ReactNode
  errorMessage?: string
  /** @default ['image/*'] */
  acceptedFileTypes?: string[]
  isDisabled?: boolean
}

/** Picks one image (the manual reading's meter photo) from a file, the camera or a drop, with a preview. */
export function PhotoPicker({
  label = 'Photo',
  value,
  onChange,
  description = 'Drop an image here, choose a file or take a photo.',
  errorMessage,
  acceptedFileTypes = ['image/*'],
  isDisabled = false,
}: PhotoPickerProps) {
  const preview = useMemo(() => (value ? URL.createObjectURL(value) : null), [value])
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview)
    },
    [preview],
  )
  const accept = (files: FileList | null) => {
    const file = files?.[0]
    if (file) onChange(file)
  }

  return (
    <div
      role="group"
      aria-label={label}
      className={field.field}
      data-invalid={errorMessage ? true : undefined}
    >
      <span className={field.label} aria-hidden="true">
        {label}
      </span>
      <DropZone
        className={styles.dropZone}
        isDisabled={isDisabled}
        aria-label={`Drop ${label.toLowerCase()} here`}
        onDrop={async (e) => {
          const item = e.items.find((i) => isFileDropItem(i) && accepts(i.type, acceptedFileTypes))
          if (item && isFileDropItem(item)) onChange(await item.getFile())
        }}
      >
        <span className={styles.thumb}>
          {preview ? (
            <img
              src={preview}
              alt={`Preview of ${value?.name ?? 'the photo'}`}
              className={styles.image}
            />
          ) : (
            <Icon name="image" size="lg" />
          )}
        </span>
        <div className={styles.body}>
          {value ? (
            <p className={styles.fileName}>{value.name}</p>
          ) : (
            <Text slot="label" className={styles.hint}>
              {description}
            </Text>
          )}
          <div className={styles.actions}>
            <FileTrigger
              acceptedFileTypes={acceptedFileTypes}
              onSelect={accept}
              isDisabled={isDisabled}
            >
              <Icon name="upload" size="sm" />
              {value ? 'Replace file' : 'Choose file'}
            </FileTrigger>
            <FileTrigger
              acceptedFileTypes={acceptedFileTypes}
              defaultCamera="environment"
              onSelect={accept}
              isDisabled={isDisabled}
            >
              <Icon name="camera" size="sm" />
              Take photo
            </FileTrigger>
            {value && (
              <Button
                intent="toolbarAction"
                variant="ghost"
                onPress={() => onChange(null)}
                isDisabled={isDisabled}
              >
                <Icon name="trash" size="sm" />
                Remove photo
              </Button>
            )}
          </div>
        </div>
      </DropZone>
      {errorMessage && (
        <span className={field.error} role="alert">
          {errorMessage}
        </span>
      )}
    </div>
  )
}
