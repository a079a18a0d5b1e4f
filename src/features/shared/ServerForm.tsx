import { useEffect, useRef, type ReactNode } from 'react'
import { Form } from 'react-aria-components'
import { Button, Dialog, Inline, Notice, Spinner, Stack } from '~/ui'
import type { FormState } from './use-form'

export interface ServerFormProps<V extends object> {
  /** What `useForm` holds: the values, the errors on the fields and the form's own error. */
  form: FormState<V>
  /** Gets the values once they pass the form's checks. */
  onSubmit: (values: V) => void
  /** Without one the caller puts the buttons elsewhere (a dialog's footer, by `id`). */
  submitLabel?: string
  isPending?: boolean
  /**
   * Said beside a disabled submit button while pending, instead of the button's own spinner (a
   * wizard whose step may change under it).
   */
  pendingLabel?: string
  /** Shows a button before the submit button: Cancel, or a wizard's Back. */
  onCancel?: () => void
  /** @default 'Cancel' */
  cancelLabel?: string
  /** Leaves the form's own error to a toast that says it already (one message per failure). */
  hideFormError?: boolean
  id?: string
  'aria-label'?: string
  /** Added to the form's own layout (a width, say). */
  className?: string
  children: ReactNode
}

/**
 * After a rejected submit, focus goes to the first field marked invalid (or to the form's own
 * message when no field is): the place to fix, not the submit button. `rejection` is any value
 * that changes once per rejected submit (and not as the person types), as `useForm` keeps it.
 */
export function useFocusFirstInvalid<T extends HTMLElement>(rejection: unknown) {
  const ref = useRef<T>(null)
  const initial = useRef(rejection)
  useEffect(() => {
    // Opening a form is not a rejection: a field invalid from the start keeps its place in line.
    if (rejection === initial.current) return
    const marked = ref.current?.querySelector<HTMLElement>(
      '[aria-invalid="true"], [data-invalid] input, [data-invalid] button, [data-form-error]',
    )
    // A number field marks its group, which cannot take focus: its input does.
    const target = marked?.matches('[role="group"]') ? marked.querySelector('input') : marked
    target?.focus()
  }, [rejection])
  return ref
}

/**
 * The one form: checks in our words before sending (never the browser's bubbles), the server's
 * rejection on the fields, the rest above them, its buttons inside (Enter submits).
 */
export function ServerForm<V extends object>({
  form,
  onSubmit,
  submitLabel,
  isPending = false,
  pendingLabel,
  onCancel,
  cancelLabel = 'Cancel',
  hideFormError = false,
  className,
  children,
  ...props
}: ServerFormProps<V>) {
  const ref = useFocusFirstInvalid<HTMLFormElement>(form.rejection)
  const formError = hideFormError ? undefined : form.errors.form
  return (
    <Form
      {...props}
      ref={ref}
      className={className}
      validationBehavior="aria"
      onSubmit={form.handleSubmit(onSubmit)}
    >
      {/* The buttons sit a little further from the fields than the fields from each other. */}
      <Stack space="xl">
        <Stack space="lg">
          {formError && (
            <Notice tone="critical" role="alert" tabIndex={-1} data-form-error>
              {formError}
            </Notice>
          )}
          {children}
        </Stack>
        {submitLabel && (
          <Inline space="sm" align="end" wrap="reverse">
            {onCancel && (
              <Button intent="formSecondary" onPress={onCancel} isDisabled={isPending}>
                {cancelLabel}
              </Button>
            )}
            {pendingLabel && isPending && <Spinner size="sm" label={pendingLabel} showLabel />}
            <Button
              intent="formPrimary"
              type="submit"
              isPending={!pendingLabel && isPending}
              isDisabled={Boolean(pendingLabel) && isPending}
            >
              {submitLabel}
            </Button>
          </Inline>
        )}
      </Stack>
    </Form>
  )
}

export interface FormDialogProps<V extends object> extends Omit<ServerFormProps<V>, 'onCancel'> {
  title: string
  isOpen: boolean
  onOpenChange: (isOpen: boolean) => void
}

/** A ServerForm in a dialog with Cancel; a pending save keeps it open. */
export function FormDialog<V extends object>({
  title,
  isOpen,
  onOpenChange,
  ...form
}: FormDialogProps<V>) {
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
