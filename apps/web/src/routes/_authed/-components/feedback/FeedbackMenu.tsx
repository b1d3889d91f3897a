import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverText } from '../../../../i18n/server-text.ts';
import { useTRPC } from '../../../../lib/trpc.ts';
import { ConfirmDialog } from '../../../../components/ConfirmDialog.tsx';
import { ItemMenu, removalHandlers } from '../../../../components/feed/ItemMenu.tsx';
import { FeedbackDialog } from './FeedbackDialog.tsx';
import type { Feedback } from '../../../../lib/paged.ts';
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
    trpc.feedback.delete.mutationOptions(
      removalHandlers(
        () => setConfirming(false),
        () => cache.removeFeedback(feedback.id),
        t('feedback.card.deleted'),
      ),
    ),
  );
  const deleteLabel = moderating ? t('feedback.card.remove') : t('feedback.card.delete');

  return (
    <>
      <ItemMenu
        label={t('feedback.card.actions')}
        editLabel={t('feedback.card.edit')}
        onEdit={canEdit ? () => setEditing(true) : undefined}
        deleteLabel={deleteLabel}
        onDelete={() => {
          remove.reset();
          setConfirming(true);
        }}
      />
      {canEdit && <FeedbackDialog opened={editing} onClose={() => setEditing(false)} editing={feedback} />}
      <ConfirmDialog
        opened={confirming}
        title={moderating ? t('feedback.card.removeTitle') : t('feedback.card.deleteTitle')}
        confirmLabel={deleteLabel}
        cancelLabel={t('feedback.card.cancel')}
        busy={remove.isPending}
        error={remove.error ? serverText(remove.error.message) : null}
        onConfirm={() => remove.mutate({ feedbackId: feedback.id })}
        onCancel={() => setConfirming(false)}
      >
        {moderating ? t('feedback.card.removeConfirm', { name }) : t('feedback.card.deleteConfirm')}
      </ConfirmDialog>
    </>
  );
}
