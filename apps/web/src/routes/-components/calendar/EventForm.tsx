import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm, type FormErrors } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { createEventInput, type CreateEventInput } from '@app/shared/calendar';
import { EVENT_LIMITS, EVENT_MESSAGES, REMINDER_OPTIONS } from '@app/shared/plain/calendar';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CoverField } from '../../../components/CoverField.tsx';
import { serverText, withServerText } from '../../../i18n/server-text.ts';
import { isRateLimited } from '../../../lib/rate-limit.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { createFailure } from './failures.ts';
import { fromPickerValue, toPickerValue, viewerTimeZone } from './time.ts';
import type { CommunityEvent } from './types.ts';

interface EventValues {
  title: string;
  description: string;
  startsAt: string;
  endsAt: string;
  meetingLink: string;
  videoUrl: string;
  coverKey: string | null;
  reminder: string;
}

const NO_REMINDER = 'none';

function initialValues(event: CommunityEvent | null): EventValues {
  return {
    title: event?.title ?? '',
    description: event?.description ?? '',
    startsAt: event ? toPickerValue(event.startsAt) : '',
    endsAt: event ? toPickerValue(event.endsAt) : '',
    meetingLink: event?.meetingLink ?? '',
    videoUrl: event?.videoUrl ?? '',
    coverKey: event?.coverKey ?? null,
    reminder: event?.reminderMinutes ? String(event.reminderMinutes) : NO_REMINDER,
  };
}

/** What the server takes: the owner's local times as moments, blank links as none. */
function toInput(communityId: string, values: EventValues): CreateEventInput {
  return {
    communityId,
    title: values.title,
    description: values.description,
    // A blank time is refused by the schema with the form's words.
    startsAt: fromPickerValue(values.startsAt) ?? (undefined as unknown as Date),
    endsAt: fromPickerValue(values.endsAt) ?? (undefined as unknown as Date),
    meetingLink: values.meetingLink,
    videoUrl: values.videoUrl,
    coverKey: values.coverKey,
    reminderMinutes: values.reminder === NO_REMINDER ? null : Number(values.reminder),
  };
}

const validateInput = withServerText(schemaResolver(createEventInput, { sync: true }));

interface EventFormProps {
  onClose: () => void;
  communityId: string;
  /** The event being edited; null schedules a new one. */
  event: CommunityEvent | null;
}

/**
 * The owner's event form (spec section 5), in a modal shown while mounted (each opening starts from
 * the event as it is): times in the owner's own zone, stored in UTC.
 */
export function EventForm({ onClose, communityId, event }: EventFormProps) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const form = useForm<EventValues>({
    mode: 'controlled',
    initialValues: initialValues(event),
    validate: (values) => {
      const errors: FormErrors = {
        ...validateInput(toInput(communityId, values)),
      };
      delete errors.communityId;
      if (errors.reminderMinutes) errors.reminder = errors.reminderMinutes;
      return errors;
    },
    validateInputOnBlur: true,
  });


  const done = async (message: string) => {
    notifications.show({ color: 'teal', message });
    await queryClient.invalidateQueries({ queryKey: trpc.calendar.pathKey() });
    onClose();
  };
  const create = useMutation(
    trpc.calendar.create.mutationOptions({
      onSuccess: () => done(serverText(EVENT_MESSAGES.created)),
      onError: (error) => {
        if (!isRateLimited(error)) setFailure(createFailure(error));
      },
    }),
  );
  const update = useMutation(
    trpc.calendar.update.mutationOptions({
      onSuccess: () => done(serverText(EVENT_MESSAGES.updated)),
      onError: (error) => {
        if (isRateLimited(error)) return;
        setFailure(error.message);
        notifications.show({
          color: 'red',
          message: serverText(EVENT_MESSAGES.updateFailed),
        });
      },
    }),
  );
  const busy = create.isPending || update.isPending || uploading;

  const submit = form.onSubmit((values) => {
    setFailure(null);
    const { communityId: _, ...fields } = toInput(communityId, values);
    if (event) update.mutate({ eventId: event.id, ...fields });
    else create.mutate(toInput(communityId, values));
  });

  const reminders = [
    { value: NO_REMINDER, label: t('events.form.reminderNone') },
    ...REMINDER_OPTIONS.map((minutes) => ({
      value: String(minutes),
      label: t(`events.form.reminderOptions.${minutes}`),
    })),
  ];

  return (
    <Modal closeButtonProps={{ 'aria-label': t('common.close') }}
      opened
      onClose={busy ? () => {} : onClose}
      title={<Text fw={700}>{event ? t('events.form.editTitle') : t('events.form.newTitle')}</Text>}
      size="lg"
      radius="lg"
      centered
    >
      <form onSubmit={submit} noValidate aria-label={event ? t('events.form.editTitle') : t('events.form.newTitle')}>
        <Stack gap="md">
          <TextInput label={t('events.form.title')} required maxLength={EVENT_LIMITS.titleMax} {...form.getInputProps('title')} />
          <Textarea
            label={t('events.form.description')}
            required
            autosize
            minRows={3}
            maxRows={8}
            maxLength={EVENT_LIMITS.descriptionMax}
            {...form.getInputProps('description')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput type="datetime-local" label={t('events.form.start')} required {...form.getInputProps('startsAt')} />
            <TextInput type="datetime-local" label={t('events.form.end')} required {...form.getInputProps('endsAt')} />
          </SimpleGrid>
          <Text size="xs" c="dimmed" mt={-8}>
            {t('events.form.zone', { zone: viewerTimeZone() })}
          </Text>
          <TextInput label={t('events.form.meetingLink')} placeholder="https://meet.example.com/…" type="url" {...form.getInputProps('meetingLink')} />
          <TextInput label={t('events.form.videoUrl')} placeholder="https://www.youtube.com/watch?v=…" type="url" {...form.getInputProps('videoUrl')} />
          <CoverField
            kind="event-cover"
            initialUrl={event?.coverUrl}
            texts={{
              label: t('events.form.cover'),
              preview: t('events.form.coverPreview'),
              remove: t('events.form.removeCover'),
              upload: t('events.form.uploadCover'),
              replace: t('events.form.replaceCover'),
            }}
            failure={(message) => serverText(EVENT_MESSAGES.uploadFailed(message))}
            onChange={(key) => form.setFieldValue('coverKey', key)}
            onBusyChange={setUploading}
          />
          <Select label={t('events.form.reminder')} data={reminders} allowDeselect={false} {...form.getInputProps('reminder')} />
          {failure && (
            <Alert color="red" role="alert">
              {serverText(failure)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t('events.form.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending} disabled={uploading}>
              {event ? t('events.form.save') : t('events.form.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
