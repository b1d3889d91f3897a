import { ActionIcon, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import type { PollInput, pollInput } from '@app/shared/polls';
import { POLL_LIMITS } from '@app/shared/plain/polls';
import { IconPlus, IconX } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../lib/format.ts';
import { feedSchemas } from './feedSchemas.ts';

/** The composer's poll as typed: the options and the closing time as a date-time field holds it (local 'YYYY-MM-DDTHH:mm'). */
export interface PollDraft {
  options: string[];
  closesAt: string;
}

export const emptyPoll = (): PollDraft => ({ options: ['', ''], closesAt: '' });

/** A poll as the editor starts from it: its options and its closing time in the viewer's local time. */
export const draftOfPoll = (poll: { options: Array<{ label: string }>; closesAt: Date | null }): PollDraft => ({
  options: poll.options.map((o) => o.label),
  closesAt: poll.closesAt ? dayjs(poll.closesAt).format('YYYY-MM-DDTHH:mm') : '',
});

/** What the server takes: the local closing time as a moment (blank: none). */
export function pollOfDraft(draft: PollDraft): PollInput {
  const closesAt = draft.closesAt ? dayjs(draft.closesAt) : null;
  return { options: draft.options, closesAt: closesAt?.isValid() ? closesAt.toDate() : closesAt ? new Date(Number.NaN) : null };
}

/** The shared schema's first complaint about the draft (English; the caller translates it), or null. */
function pollProblem(draft: PollDraft, schema: typeof pollInput): string | null {
  const result = schema.safeParse(pollOfDraft(draft));
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/**
 * In a form with a poll (the composer, a post's editor): the draft's first complaint by the shared
 * schema (English; the caller translates it), null when it has none or there is no poll, and
 * undefined while the schema loads (feedSchemas.ts, from when there is a poll): the form cannot be
 * sent until it is here.
 */
export function usePollProblem(draft: PollDraft | null): string | null | undefined {
  const schemas = feedSchemas.use();
  const hasPoll = draft !== null;
  useEffect(() => {
    if (hasPoll) void feedSchemas.ensure();
  }, [hasPoll]);
  if (!draft) return null;
  return schemas ? pollProblem(draft, schemas.pollInput) : undefined;
}

interface PollEditorProps {
  value: PollDraft;
  onChange: (draft: PollDraft) => void;
  /** Offered in the composer; an edited post keeps its poll. */
  onRemove?: () => void;
  disabled?: boolean;
  /** The schema's complaint, shown once the author tried to post. */
  error?: string | null;
}

/** The poll part of the composer: 2 to 10 options (add, remove) and an optional closing time. */
export function PollEditor({ value, onChange, onRemove, disabled, error }: PollEditorProps) {
  const { t } = useTranslation();
  const setOption = (index: number, text: string) => onChange({ ...value, options: value.options.map((o, i) => (i === index ? text : o)) });
  const removeOption = (index: number) => onChange({ ...value, options: value.options.filter((_, i) => i !== index) });
  const canRemove = value.options.length > POLL_LIMITS.minOptions;

  return (
    <Paper withBorder radius="md" p="sm" role="group" aria-label={t('polls.editor')}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text fw={600} size="sm">
            {t('polls.editor')}
          </Text>
          {onRemove && (
            <Button variant="subtle" color="gray" size="compact-sm" onClick={onRemove} disabled={disabled}>
              {t('polls.remove')}
            </Button>
          )}
        </Group>
        {value.options.map((option, index) => {
          const number = formatCount(index + 1);
          return (
            <Group key={index} gap="xs" wrap="nowrap">
              <TextInput
                aria-label={t('polls.option', { number })}
                placeholder={t('polls.optionPlaceholder', { number })}
                value={option}
                maxLength={POLL_LIMITS.optionMax}
                onChange={(event) => setOption(index, event.currentTarget.value)}
                disabled={disabled}
                style={{ flex: 1 }}
              />
              {canRemove && (
                <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('polls.removeOption', { number })} onClick={() => removeOption(index)} disabled={disabled}>
                  <IconX size={16} aria-hidden="true" />
                </ActionIcon>
              )}
            </Group>
          );
        })}
        {value.options.length < POLL_LIMITS.maxOptions && (
          <Button
            variant="light"
            size="compact-sm"
            leftSection={<IconPlus size={14} aria-hidden="true" />}
            onClick={() => onChange({ ...value, options: [...value.options, ''] })}
            disabled={disabled}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('polls.addOption')}
          </Button>
        )}
        <TextInput
          type="datetime-local"
          label={t('polls.closesAt')}
          description={t('polls.closesAtHint')}
          value={value.closesAt}
          onChange={(event) => onChange({ ...value, closesAt: event.currentTarget.value })}
          disabled={disabled}
          maw={320}
        />
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
