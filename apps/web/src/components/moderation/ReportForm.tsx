import { Alert, Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { reportFormInput, type ReportInput } from '@app/shared/moderation';
import { REPORT_DETAILS_MAX, REPORT_REASONS, type ReportReason } from '@app/shared/plain/moderation';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverText } from '../../i18n/server-text.ts';
import { useTRPC } from '../../lib/trpc.ts';

/** What is reported: a post, a comment, or a member of a community. */
export type ReportTarget = Pick<ReportInput, 'postId' | 'commentId' | 'communityId' | 'userId'>;

export interface ReportDialogProps {
  /** Null: closed. */
  target: ReportTarget | null;
  /** The dialog's title ('Report post', 'Report Ana'). */
  title: string;
  onClose: () => void;
}

/**
 * Why a post, comment or member is reported (a reason, and words for 'other'), sent to the community's
 * moderators: the dialog itself, drawn from its first opening on (ReportDialog.tsx).
 */
export function ReportForm({ target, title, onClose }: ReportDialogProps) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const opened = target !== null;
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setReason(null);
    setDetails('');
    setError(null);
    report.reset();
    onClose();
  };
  const report = useMutation(
    trpc.moderation.report.mutationOptions({
      onSuccess: () => {
        notifications.show({ color: 'teal', message: t('moderation.report.sent') });
        close();
      },
      onError: (failure) => setError(serverText(failure.message)),
    }),
  );
  const submit = () => {
    const parsed = reportFormInput.safeParse({ reason, details });
    if (!parsed.success || !target) {
      setError(serverText(parsed.error?.issues[0]?.message ?? ''));
      return;
    }
    setError(null);
    report.mutate({ ...target, reason: parsed.data.reason, details: parsed.data.details || undefined });
  };
  return (
    <Modal
      opened={opened}
      onClose={report.isPending ? () => {} : close}
      returnFocus={false}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      title={<Text fw={700}>{title}</Text>}
      centered
      radius="lg"
    >
      <Stack gap="md">
        <Radio.Group label={t('moderation.report.why')} value={reason} onChange={(value) => setReason(value as ReportReason)} withAsterisk>
          <Stack gap="xs" mt="xs">
            {REPORT_REASONS.map((value) => (
              <Radio key={value} value={value} label={t(`moderation.reasons.${value}`)} />
            ))}
          </Stack>
        </Radio.Group>
        <Textarea
          label={reason === 'other' ? t('moderation.report.detailsRequired') : t('moderation.report.details')}
          value={details}
          onChange={(event) => setDetails(event.currentTarget.value)}
          maxLength={REPORT_DETAILS_MAX}
          autosize
          minRows={2}
          maxRows={6}
          description={t('moderation.report.detailsHint', { count: REPORT_DETAILS_MAX })}
        />
        {error && (
          <Alert color="red" role="alert" p="xs">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={report.isPending}>
            {t('communityPage.cancel')}
          </Button>
          <Button color="red" onClick={submit} loading={report.isPending}>
            {t('moderation.report.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
