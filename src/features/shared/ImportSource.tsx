import { downloadText } from '~/lib/download'
import { Button, Card, FileTrigger, Icon, Inline, Stack, Text, TextField } from '~/ui'
import type { ImportFlow } from './use-import-flow'

export interface ImportSourceProps {
  flow: Pick<ImportFlow<unknown>, 'text' | 'checking' | 'error' | 'edit' | 'run'>
  /** The card's title. */
  title: string
  uploadLabel: string
  acceptedFileTypes: string[]
  /** A file to start from: its name and content. */
  template: { fileName: string; text: string }
  /** Beside the buttons: what the file holds, or where else it can come from. */
  hint: string
  /** The label of the text area the file is pasted into. */
  fieldLabel: string
}

/** Where an import's rows come from: a file, a template to fill in, or pasted text; then the check. */
export function ImportSource({
  flow,
  title,
  uploadLabel,
  acceptedFileTypes,
  template,
  hint,
  fieldLabel,
}: ImportSourceProps) {
  return (
    <Card title={title}>
      <Stack space="lg">
        <Inline space="sm" alignY="center">
          <FileTrigger
            acceptedFileTypes={acceptedFileTypes}
            onSelect={async (files) => {
              const text = await files?.[0]?.text()
              if (text === undefined) return
              flow.edit(text)
              void flow.run(text)
            }}
          >
            <Icon name="upload" size="sm" /> {uploadLabel}
          </FileTrigger>
          {/* In the body, not the card header: beside it a phone's title broke into 'Reading / s'. */}
          <Button
            intent="toolbarAction"
            onPress={() => downloadText(template.text, template.fileName)}
          >
            <Icon name="download" size="sm" /> Download template
          </Button>
          <Text as="p" size="sm" tone="muted">
            {hint}
          </Text>
        </Inline>
        <TextField label={fieldLabel} multiline rows={6} value={flow.text} onChange={flow.edit} />
        <Inline space="sm" alignY="center">
          <Button
            intent="formSecondary"
            isDisabled={!flow.text.trim()}
            isPending={flow.checking}
            onPress={() => void flow.run(flow.text)}
          >
            Check rows
          </Button>
        </Inline>
        {flow.error && (
          <Text as="p" role="alert" tone="critical">
            {flow.error}
          </Text>
        )}
      </Stack>
    </Card>
  )
}
