import { Alert, Anchor, Button, Group, Image, Modal, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { EVENT_MESSAGES, googleCalendarUrl } from '@app/shared/plain/calendar';
import { toEmbedUrl } from '@app/shared/video';
import { IconBrandGoogle, IconCalendarDown, IconClock, IconEdit, IconLink, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VideoEmbed } from '../../../components/VideoEmbed.tsx';
import { serverText } from '../../../i18n/server-text.ts';
import { isRateLimited } from '../../../lib/rate-limit.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { formatEventWhen } from './time.ts';
import type { CommunityEvent } from './types.ts';

interface EventDetailsProps {
  event: CommunityEvent | null;
  canEdit: boolean;
  onClose: () => void;
  onEdit: (event: CommunityEvent) => void;
}

/** An event's panel: cover, time in the viewer's zone, description, meeting link and calendar export; the owner and admins edit and delete. */
export function EventDetails({ event: listed, canEdit, onClose, onEdit }: EventDetailsProps) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation(
    trpc.calendar.delete.mutationOptions({
      onSuccess: async () => {
        notifications.show({ color: 'teal', message: serverText(EVENT_MESSAGES.deleted) });
        setConfirming(false);
        onClose();
        await queryClient.invalidateQueries({
          queryKey: trpc.calendar.pathKey(),
        });
      },
      onError: (error) => {
        if (!isRateLimited(error))
          notifications.show({
            color: 'red',
            message: serverText(EVENT_MESSAGES.deleteFailed),
          });
      },
    }),
  );
  // The event as it is now (and, for the owner, with its cover's key, which editing must send back).
  const current = useQuery({
    ...trpc.calendar.byId.queryOptions({ eventId: listed?.id ?? '' }),
    enabled: Boolean(listed),
  });
  const event = current.data ?? listed;
  if (!event) return null;
  // Deleted while open (the owner's change arrives live).
  const gone = current.error?.data?.code === 'NOT_FOUND';
  const video = event.videoUrl ? toEmbedUrl(event.videoUrl) : null;

  return (
    <>
      <Modal closeButtonProps={{ 'aria-label': t('common.close') }} opened={!confirming} onClose={onClose} title={<Text fw={700}>{t('events.details.title')}</Text>} size="lg" radius="lg" centered>
        {gone ? (
          <Alert color="gray" role="status">
            {serverText(EVENT_MESSAGES.notFound)}
          </Alert>
        ) : (
          <Stack gap="md">
            {event.coverUrl && <Image src={event.coverUrl} alt={t('events.details.cover', { title: event.title })} radius="md" mah={240} fit="cover" />}
            <div>
              <Title order={2} fz="xl">
                {event.title}
              </Title>
              <Group gap={6} mt={4} c="dimmed" wrap="nowrap">
                <IconClock size={16} aria-hidden="true" />
                <Text size="sm">{formatEventWhen(event.startsAt, event.endsAt)}</Text>
              </Group>
            </div>
            <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-wrap' }}>
              {event.description}
            </Text>
            {event.meetingLink && (
              <Group gap={6} wrap="nowrap">
                <IconLink size={16} aria-hidden="true" />
                <Anchor href={event.meetingLink} target="_blank" rel="noopener noreferrer" size="sm" style={{ wordBreak: 'break-all' }}>
                  {t('events.details.join')}
                </Anchor>
              </Group>
            )}
            {video ? (
              <VideoEmbed src={video} title={event.title} />
            ) : (
              event.videoUrl && (
                <Anchor href={event.videoUrl} target="_blank" rel="noopener noreferrer" size="sm">
                  {t('events.details.video')}
                </Anchor>
              )
            )}
            <Group gap="sm">
              <Button
                component="a"
                href={googleCalendarUrl(event)}
                target="_blank"
                rel="noopener noreferrer"
                variant="light"
                leftSection={<IconBrandGoogle size={16} />}
              >
                {t('events.details.google')}
              </Button>
              <Button component="a" href={`/api/events/${event.id}/calendar.ics`} download variant="default" leftSection={<IconCalendarDown size={16} />}>
                {t('events.details.ics')}
              </Button>
            </Group>
            {canEdit && (
              <Group justify="flex-end" gap="sm">
                <Button variant="default" leftSection={<IconEdit size={16} />} disabled={!current.data} onClick={() => current.data && onEdit(current.data)}>
                  {t('events.details.edit')}
                </Button>
                <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={() => setConfirming(true)}>
                  {t('events.details.delete')}
                </Button>
              </Group>
            )}
          </Stack>
        )}
      </Modal>
      <ConfirmDialog
        opened={confirming}
        title={t('events.details.deleteTitle')}
        confirmLabel={t('events.details.delete')}
        busy={remove.isPending}
        onConfirm={() => remove.mutate({ eventId: event.id })}
        onCancel={() => setConfirming(false)}
      >
        {serverText(EVENT_MESSAGES.deleteQuestion)}
      </ConfirmDialog>
    </>
  );
}
