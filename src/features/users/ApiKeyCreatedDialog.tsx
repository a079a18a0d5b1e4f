import { useState } from 'react'
import type { ApiKeyCreated } from '~/api'
import { Button, Dialog, Icon, TextField } from '~/ui'
import { curlExample } from './api-key-rules'

export interface ApiKeyCreatedDialogProps {
  /** The key just created, with its secret; null when closed. */
  created: ApiKeyCreated | null
  onClose: () => void
}

/** The new key, shown this once, with a copy button and how to use it. */
export function ApiKeyCreatedDialog({ created, onClose }: ApiKeyCreatedDialogProps) {
  const [copied, setCopied] = useState<string | null>(null)
  const copy = (label: string, text: string) =>
    void navigator.clipboard.writeText(text).then(
      () => setCopied(label),
      () => setCopied(null),
    )
  const key = created?.key ?? ''
  const curl = curlExample(window.location.origin, key)
  return (
    <Dialog
      title={created ? `API key “${created.name}”` : 'API key'}
      isOpen={created !== null}
      onOpenChange={(open) => {
        if (!open) {
          setCopied(null)
          onClose()
        }
      }}
      isDismissable={false}
      footer={({ close }) => (
        <Button intent="formPrimary" onPress={close}>
          Done
        </Button>
      )}
    >
      <p>Copy the key now: it is not shown again. Send it as a Bearer token.</p>
      <TextField label="Key" value={key} isReadOnly />
      <Button intent="formSecondary" onPress={() => copy('key', key)}>
        {copied === 'key' && <Icon name="check" size="sm" />}
        {copied === 'key' ? 'Key copied' : 'Copy key'}
      </Button>
      <TextField label="Try it with curl" value={curl} isReadOnly />
      <Button intent="formSecondary" onPress={() => copy('curl', curl)}>
        {copied === 'curl' && <Icon name="check" size="sm" />}
        {copied === 'curl' ? 'Command copied' : 'Copy command'}
      </Button>
    </Dialog>
  )
}
