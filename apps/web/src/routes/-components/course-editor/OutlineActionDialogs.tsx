import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { renameLessonInput } from '@app/shared/courses';
import { CONTENT_LIMITS } from '@app/shared/plain/courses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverText } from '../../../i18n/server-text.ts';
import { isRateLimited } from '../../../lib/rate-limit.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { useDialogFocusReturn } from '../../../lib/useDialogFocusReturn.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import type { OutlineAction } from './ContentOutline.tsx';

interface OutlineActionDialogsProps {
  action: OutlineAction | null;
  onClose: () => void;
  /** Told as soon as the server has deleted it, before the outline is fetched again. */
  onDeleted: (id: string) => void;
}

/** Renaming a module or lesson, and deleting one after confirming. */
export function OutlineActionDialogs({ action, onClose, onDeleted }: OutlineActionDialogsProps) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  // Renaming comes from an item's menu: focus goes back to the menu's button.
  useDialogFocusReturn(action?.action === 'rename');
  const done = async (message: string) => {
    notifications.show({ color: 'teal', message });
    setError(null);
    onClose();
    await queryClient.invalidateQueries({ queryKey: trpc.courses.pathKey() });
  };
  const failed = (e: { message: string }) => {
    if (!isRateLimited(e as never)) setError(e.message);
  };
  const options = (message: () => string) => ({ onSuccess: () => done(message()), onError: failed });
  const renameModule = useMutation(trpc.courses.renameModule.mutationOptions(options(() => t('courseEditor.renamed'))));
  const renameLesson = useMutation(trpc.courses.renameLesson.mutationOptions(options(() => t('courseEditor.renamed'))));
  // The editor lets go of what was deleted at once: a callback passed to mutate() would run only after
  // done() has refetched the outline, and by then another module may be open.
  const afterDelete = (id: string, message: string) => {
    onDeleted(id);
    return done(message);
  };
  const deleteModule = useMutation(trpc.courses.deleteModule.mutationOptions({ onSuccess: (_, v) => afterDelete(v.moduleId, t('courseEditor.moduleDeleted')), onError: failed }));
  const deleteLesson = useMutation(trpc.courses.deleteLesson.mutationOptions({ onSuccess: (_, v) => afterDelete(v.lessonId, t('courseEditor.lessonDeleted')), onError: failed }));
  const busy = renameModule.isPending || renameLesson.isPending || deleteModule.isPending || deleteLesson.isPending;
  const close = () => {
    setError(null);
    onClose();
  };

  const rename = (title: string) => {
    if (!action) return;
    if (action.kind === 'module') renameModule.mutate({ moduleId: action.id, title });
    else renameLesson.mutate({ lessonId: action.id, title });
  };
  const remove = () => {
    if (!action) return;
    if (action.kind === 'module') deleteModule.mutate({ moduleId: action.id });
    else deleteLesson.mutate({ lessonId: action.id });
  };

  return (
    <>
      <Modal closeButtonProps={{ 'aria-label': t('common.close') }}
        returnFocus={false}
        opened={action?.action === 'rename'}
        onClose={busy ? () => {} : close}
        title={<Text fw={700}>{t(action?.kind === 'lesson' ? 'courseEditor.renameLesson' : 'courseEditor.renameModule')}</Text>}
        centered
        radius="lg"
      >
        {action?.action === 'rename' && <RenameForm key={action.id} initial={action.title} busy={busy} error={error} onSubmit={rename} onCancel={close} />}
      </Modal>
      <ConfirmDialog
        opened={action?.action === 'delete'}
        title={t(action?.kind === 'lesson' ? 'courseEditor.deleteLesson' : 'courseEditor.deleteModule')}
        confirmLabel={t('courseEditor.delete')}
        busy={busy}
        error={error && serverText(error)}
        onConfirm={remove}
        onCancel={close}
      >
        {t(action?.kind === 'lesson' ? 'courseEditor.deleteLessonQuestion' : 'courseEditor.deleteModuleQuestion', { title: action?.title ?? '' })}
      </ConfirmDialog>
    </>
  );
}

/** The new title, checked with the same rule as the server's. */
function RenameForm({ initial, busy, error, onSubmit, onCancel }: { initial: string; busy: boolean; error: string | null; onSubmit: (title: string) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(initial);
  const [invalid, setInvalid] = useState<string | null>(null);
  const shown = invalid ?? error;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const checked = renameLessonInput.shape.title.safeParse(title);
        if (!checked.success) setInvalid(checked.error.issues[0]?.message ?? null);
        else onSubmit(checked.data);
      }}
    >
      <Stack gap="md">
        <TextInput
          label={t('courseEditor.title')}
          value={title}
          maxLength={CONTENT_LIMITS.titleMax}
          onChange={(event) => {
            setTitle(event.currentTarget.value);
            setInvalid(null);
          }}
          error={shown && serverText(shown)}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {t('courses.form.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('courseEditor.rename')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
