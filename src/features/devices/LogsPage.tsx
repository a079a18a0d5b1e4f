import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { getReadingOptions, normalizeError, queryPolicy, type Attachment } from '~/api'
import { sprinkles } from '~/styles'
import { buttonClassName, Dialog, EmptyState, Skeleton, Stack, Text, Tiles } from '~/ui'
import { WidgetBody } from '../shared/WidgetBody'
import { DeviceFrame } from './DeviceFrame'
import { attachmentsQuery } from './device-queries'
import { formatDateTime, formatKwh } from '~/lib/format'
import * as styles from './devices.css'

const photoFrame = sprinkles({ border: 'line', borderRadius: 'lg', background: 'surface' })

/** Manual readings with their photos: who entered them and when, each opening full size. */
export function LogsPage({ deviceId, now }: { deviceId: string; now?: Date }) {
  const photos = useQuery(attachmentsQuery(deviceId))
  const [open, setOpen] = useState<Attachment | null>(null)
  const addLink = (
    <Link
      to="/devices/$deviceId/add_log"
      params={{ deviceId }}
      className={buttonClassName({ intent: 'formPrimary' })}
    >
      Add reading
    </Link>
  )
  return (
    <DeviceFrame deviceId={deviceId} tab="Logs" now={now}>
      {() => (
        <WidgetBody
          query={photos}
          what="the log photos"
          loading={
            <Tiles
              as="ul"
              space="lg"
              minItemWidth="14rem"
              fill
              aria-busy="true"
              aria-label="Loading log photos"
            >
              {[0, 1, 2].map((i) => (
                <li key={i}>
                  <Skeleton shape="rect" height="12rem" />
                </li>
              ))}
            </Tiles>
          }
          error={(error) => ({
            title: 'Could not load the log photos',
            message: normalizeError(error).message,
          })}
          empty={
            photos.data?.items.length === 0 && (
              <EmptyState
                icon="camera"
                title="No manual readings with photos yet"
                description="Readings entered by hand appear here with the photo taken as evidence."
                action={addLink}
              />
            )
          }
        >
          {({ items }) => (
            <>
              <Tiles as="ul" space="lg" minItemWidth="14rem" fill aria-label="Log photos">
                {items.map((attachment) => (
                  <PhotoCard
                    key={attachment.id}
                    attachment={attachment}
                    onOpen={() => setOpen(attachment)}
                  />
                ))}
              </Tiles>
              <Dialog
                isOpen={open !== null}
                onOpenChange={(isOpen) => !isOpen && setOpen(null)}
                size="lg"
                title={open ? open.filename : ''}
              >
                {open && (
                  <img
                    src={open.url}
                    alt={`Meter ${open.filename}, taken ${formatDateTime(open.created_at)}`}
                    className={styles.fullPhoto}
                  />
                )}
              </Dialog>
            </>
          )}
        </WidgetBody>
      )}
    </DeviceFrame>
  )
}

function PhotoCard({ attachment, onOpen }: { attachment: Attachment; onOpen: () => void }) {
  const reading = useQuery({
    ...getReadingOptions({ path: { id: attachment.reading_id ?? 0 } }),
    ...queryPolicy('config'),
    enabled: attachment.reading_id !== null,
    meta: { silent: true },
  })
  return (
    <Stack as="li" space="none" className={`${photoFrame} ${styles.photoCard}`}>
      <button
        type="button"
        className={styles.photoButton}
        onClick={onOpen}
        aria-label={`Open ${attachment.filename} full size`}
      >
        <img src={attachment.url} alt="" loading="lazy" className={styles.photo} />
      </button>
      <Stack space="xxs" className={sprinkles({ padding: 'md', fontSize: 'sm' })}>
        <strong>
          {reading.data
            ? formatKwh(reading.data.kwh)
            : attachment.reading_id === null
              ? 'Photo only'
              : '…'}
        </strong>
        <span>{attachment.entered_by_name ?? 'Unknown user'}</span>
        <Text size="xs" tone="muted">
          {formatDateTime(attachment.created_at)}
        </Text>
        {reading.data?.note && (
          <span className={styles.photoNote} title={reading.data.note}>
            {reading.data.note}
          </span>
        )}
      </Stack>
    </Stack>
  )
}
