import { useEffect, useRef, type FormEvent, type ReactNode } from 'react'
import { Form } from 'react-aria-components'
import { Button, Dialog } from '../../ui'
import type { FormErrors } from './form-errors'
import * as styles from './page.css'

export interface ServerFormProps {
  /** What the server rejected, as `fieldErrors` spreads it: on the fields, the rest above them. */
  errors: FormErrors
  /** Gets the form's values by field name (the default submit is prevented). */
  onSubmit: (values: Record<string, string>) => void
  submitLabel: string
  isPending: boolean
  /** Shows a Cancel button before the submit button. */
  onCancel?: () => void
  children: ReactNode
}

/**
 * After a rejected submit, focus goes to the first field marked invalid (or to the form's own
 * message when no field is): the place to fix, not the submit button. Every form does it through
 * this hook; `rejection` is any value that changes once per rejected submit (and not as the person
 * types), such as the errors a server answer set.
 */
export function useFocusFirstInvalid<T extends HTMLElement>(rejection: unknown) {
  const ref = useRef<T>(null)
  const initial = useRef(rejection)
  useEffect(() => {
    // Opening a form is not a rejection: a field invalid from the start keeps its place in line.
    if (rejection === initial.current) return
    const marked = ref.current?.querySelector<HTMLElement>(
      '[aria-invalid="true"], [data-invalid] input, [data-form-error]',
    )
    // A number field marks its group, which cannot take focus: its input does.
    const target = marked?.matches('[role="group"]') ? marked.querySelector('input') : marked
    target?.focus()
  }, [rejection])
  return ref
}

/** A form that saves to the server: its errors on the fields, its buttons inside (Enter submits). */
export function ServerForm({
  errors,
  onSubmit,
  submitLabel,
  isPending,
  onCancel,
  children,
}: ServerFormProps) {
  const formRef = useFocusFirstInvalid<HTMLFormElement>(errors)
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    onSubmit(Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>)
  }
  return (
    <Form ref={formRef} className={styles.form} validationErrors={errors.fields} onSubmit={submit}>
      {errors.form && (
        <p role="alert" className={styles.formError} tabIndex={-1} data-form-error>
          {errors.form}
        </p>
      )}
      {children}
      <div className={styles.formActions}>
        {onCancel && (
          <Button intent="formSecondary" onPress={onCancel} isDisabled={isPending}>
            Cancel
          </Button>
        )}
        <Button intent="formPrimary" type="submit" isPending={isPending}>
          {submitLabel}
        </Button>
      </div>
    </Form>
  )
}

export interface FormDialogProps extends Omit<ServerFormProps, 'onCancel'> {
  title: string
  isOpen: boolean
  onOpenChange: (isOpen: boolean) => void
}

/** A ServerForm in a dialog with Cancel; a pending save keeps it open. */
export function FormDialog({ title, isOpen, onOpenChange, ...form }: FormDialogProps) {
  return (
    <Dialog
      title={title}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={!form.isPending}
    >
      {({ close }) => <ServerForm {...form} onCancel={close} />}
    </Dialog>
  )
}
