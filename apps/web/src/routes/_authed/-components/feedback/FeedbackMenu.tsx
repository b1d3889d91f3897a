import { ActionIcon, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTRPC } from '../../../../lib/trpc.ts';
import { ConfirmDialog } from '../../../-components/community/ConfirmDialog.tsx';
import { FeedbackDialog } from './FeedbackDialog.tsx';
import type { Feedback } from './types.ts';
import { useWallCache } from './useWallCache.ts';
import { useWallRights } from './WallContext.tsx';

/**
 * The author's Edit and Delete, or a platform admin's Remove for someone else's feedback. Deleting
 * asks first and takes the feedback off the wall, no reload.
 */
export function FeedbackMenu({ feedback }: { feedback: Feedback }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const cache = useWallCache();
  const { canEdit, moderating } = useWallRights(feedback.author.id);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const name = feedback.author.fullName ?? feedback.author.username;
  const remove = useMutation(
    trpc.feedback.delete.mutationOptions({
      onSuccess: ({ feedbackId }) => {
        setConfirming(false);
        cache.removeFeedback(feedbackId);
        notifications.show({ color: 'teal', message: t('feedback.card.deleted') });
      },
      onError: (error) => {
        // Deleted meanwhile (by its author or an admin): it is gone either way.
        if (error.data?.code === 'NOT_FOUND') {
          setConfirming(false);
          cache.removeFeedback(feedback.id);
        }
      },
    }),
  );
  const deleteLabel = moderating ? t('feedback.card.remove') : t('feedback.card.delete');

  return (
    <>
      <Menu position="bottom-end" shadow="md" radius="md" width={170}>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" radius="xl" aria-label={t('feedback.card.actions')}>
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {canEdit && (
            <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)}>
              {t('feedback.card.edit')}
            </Menu.Item>
          )}
          <Menu.Item
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => {
              remove.reset();
              setConfirming(true);
            }}
          >
            {deleteLabel}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {canEdit && <FeedbackDialog opened={editing} onClose={() => setEditing(false)} editing={feedback} />}
      <ConfirmDialog
        opened={confirming}
        title={moderating ? t('feedback.card.removeTitle') : t('feedback.card.deleteTitle')}
        confirmLabel={deleteLabel}
        cancelLabel={t('feedback.card.cancel')}
        busy={remove.isPending}
        error={remove.error?.message ?? null}
        onConfirm={() => remove.mutate({ feedbackId: feedback.id })}
        onCancel={() => setConfirming(false)}
      >
        {moderating ? t('feedback.card.removeConfirm', { name }) : t('feedback.card.deleteConfirm')}
      </ConfirmDialog>
    </>
  );
}
