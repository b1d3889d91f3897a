import { Alert, Button, FileButton, Group, Input, Modal, Rating, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { createFeedbackInput } from '@app/shared/feedback';
import { FEEDBACK_LIMITS } from '@app/shared/plain/feedback';
import { IconAlertCircle, IconPaperclip, IconSend } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverText } from '../../../../i18n/server-text.ts';
import { useMe } from '../../../../lib/auth.ts';
import { acceptOf } from '../../../../lib/files.ts';
import { formatCount } from '../../../../lib/format.ts';
import { isRateLimited } from '../../../../lib/rate-limit.ts';
import { useTRPC } from '../../../../lib/trpc.ts';
import { useDialogFocusReturn } from '../../../../lib/useDialogFocusReturn.ts';
import { isSignedOutError, serverReason } from '../../../../lib/trpc-errors.ts';
import { AttachmentPreview } from '../../../../components/feed/AttachmentPreview.tsx';
import { useAttachmentUpload } from '../../../../components/feed/useAttachmentUpload.ts';
import type { Feedback } from '../../../../lib/paged.ts';
import { useWallCache } from './useWallCache.ts';

interface FeedbackDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The feedback to edit; without it the dialog adds a new one. */
  editing?: Feedback;
}

/** The 'Add Feedback' dialog (or its edit twin). Its fields start afresh each time it opens. */
export function FeedbackDialog({ opened, onClose, editing }: FeedbackDialogProps) {
  const { t } = useTranslation();
  // 'Edit' comes from a card's menu: focus goes back to the menu's button.
  useDialogFocusReturn(opened);
  return (
    <Modal closeButtonProps={{ 'aria-label': t('common.close') }}
      returnFocus={false}
      opened={opened}
      onClose={onClose}
      title={
        <Text fw={700} fz="lg">
          {editing ? t('feedback.form.editTitle') : t('feedback.form.addTitle')}
        </Text>
      }
      centered
      radius="lg"
      size="lg"
      fullScreen={false}
    >
      {/* The form mounts with the dialog's content, so every opening starts from empty (or the feedback as it is). */}
      <FeedbackForm editing={editing} onDone={onClose} />
    </Modal>
  );
}

function FeedbackForm({ editing, onDone }: { editing?: Feedback; onDone: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const me = useMe();
  const cache = useWallCache();
  const [content, setContent] = useState(editing?.content ?? '');
  const [rating, setRating] = useState(editing?.rating ?? 0);
  const [videoUrl, setVideoUrl] = useState(editing?.videoUrl ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [videoError, setVideoError] = useState<string | null>(null);
  const { attachment, pick, clear } = useAttachmentUpload('feedback-media');
  // A new file input after each removal, so picking the same file again still counts.
  const [fileInput, setFileInput] = useState(0);

  const create = useMutation(
    trpc.feedback.create.mutationOptions({
      onSuccess: (feedback) => {
        cache.putFeedback(feedback);
        notifications.show({ color: 'teal', message: t('feedback.form.submitted') });
        onDone();
      },
    }),
  );
  const update = useMutation(
    trpc.feedback.update.mutationOptions({
      onSuccess: (feedback) => {
        cache.patchFeedback(feedback.id, () => feedback);
        notifications.show({ color: 'teal', message: t('feedback.form.updated') });
        onDone();
      },
    }),
  );
  const saving = create.isPending || update.isPending;
  const failure = create.error ?? update.error;
  const uploading = attachment?.status === 'uploading';

  const submit = () => {
    if (saving || uploading) return;
    setProblem(null);
    setVideoError(null);
    if (!me.data) return setProblem(t('feedback.form.userInfo'));
    // The schema the server checks; its refusals are said in the catalog's words.
    const input = { content, rating, videoUrl, mediaKey: attachment?.status === 'ready' ? attachment.key : null };
    const checked = createFeedbackInput.safeParse(input);
    if (!checked.success) return refuse(checked.error.issues[0]!);
    if (editing) update.mutate({ feedbackId: editing.id, content, rating, videoUrl });
    else create.mutate(input);
  };

  function refuse(issue: { path: PropertyKey[]; code: string; message: string }) {
    if (issue.path[0] === 'videoUrl') return setVideoError(t('feedback.form.videoUrlInvalid'));
    if (issue.code === 'too_big') return setProblem(t('feedback.form.contentTooLong', { max: formatCount(FEEDBACK_LIMITS.contentMax) }));
    // Blank text or no stars: the spec's one message for both.
    if (issue.code === 'too_small' || issue.code === 'invalid_type') return setProblem(t('feedback.form.required'));
    setProblem(issue.message);
  }

  const trimmed = content.trim().length;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      noValidate
    >
      <Stack gap="md">
        <Textarea
          label={t('feedback.form.content')}
          placeholder={t('feedback.form.contentPlaceholder')}
          value={content}
          onChange={(event) => {
            setContent(event.currentTarget.value);
            setProblem(null);
          }}
          autosize
          minRows={4}
          maxRows={12}
          radius="md"
          data-autofocus
          description={t('feedback.form.counter', { count: trimmed, max: formatCount(FEEDBACK_LIMITS.contentMax) })}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
        <Input.Wrapper label={t('feedback.form.rating')} description={t('feedback.form.ratingHint')} inputWrapperOrder={['label', 'input', 'description']}>
          <Rating
            value={rating}
            onChange={(value) => {
              setRating(value);
              setProblem(null);
            }}
            size="xl"
            color="yellow"
            mt={4}
            role="radiogroup"
            aria-label={t('feedback.form.rating')}
            // Mantine's first radio (value 0) stands for no rating yet.
            getSymbolLabel={(value) => (value === 0 ? t('feedback.form.noRating') : t('feedback.form.star', { count: value }))}
          />
        </Input.Wrapper>
        {!editing && (
          <Input.Wrapper label={t('feedback.form.attachment')} description={t('feedback.form.attachHint')} inputWrapperOrder={['label', 'description', 'input']}>
            <Stack gap="xs" mt={6}>
              {attachment ? (
                <AttachmentPreview
                  attachment={attachment}
                  failedTitle={t('feedback.form.uploadFailed')}
                  onRemove={() => {
                    clear();
                    setFileInput((n) => n + 1);
                  }}
                />
              ) : (
                <FileButton key={fileInput} onChange={(file) => void pick(file)} accept={acceptOf('feedback-media')} disabled={saving}>
                  {(props) => (
                    <Button {...props} variant="default" leftSection={<IconPaperclip size={18} />} style={{ alignSelf: 'flex-start' }}>
                      {t('feedback.form.attach')}
                    </Button>
                  )}
                </FileButton>
              )}
            </Stack>
          </Input.Wrapper>
        )}
        <TextInput
          label={t('feedback.form.videoUrl')}
          placeholder={t('feedback.form.videoUrlPlaceholder')}
          description={t('feedback.form.videoUrlHint')}
          value={videoUrl}
          onChange={(event) => {
            setVideoUrl(event.currentTarget.value);
            setVideoError(null);
          }}
          error={videoError}
          type="url"
          inputMode="url"
          radius="md"
        />
        {problem && (
          <Alert color="red" role="alert" radius="md" p="sm" icon={<IconAlertCircle size={18} />}>
            {serverText(problem)}
          </Alert>
        )}
        {failure && !isRateLimited(failure) && (
          // A session that is gone says so (spec: 'Could not get user information…'); anything else is 'Failed to save feedback.'
          <Alert color="red" role="alert" radius="md" p="sm" title={isSignedOutError(failure) ? t('feedback.form.userInfo') : t('feedback.form.saveFailed')}>
            {serverReason(failure)}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={saving}>
            {t('feedback.form.cancel')}
          </Button>
          <Button type="submit" loading={saving} disabled={uploading} rightSection={<IconSend className="mirror-rtl" size={16} />}>
            {editing ? t('feedback.form.save') : t('feedback.form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
