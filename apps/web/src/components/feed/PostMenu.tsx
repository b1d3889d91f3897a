import { Menu, Text } from '@mantine/core';
import { IconFlag } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverText } from '../../i18n/server-text.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { ItemMenu, removalHandlers } from './ItemMenu.tsx';
import type { FeedItem } from '../../lib/paged.ts';
import { useFeedCache } from './useFeedCache.ts';
import { PinMenuItem } from './PinMenuItem.tsx';
import { useFeed } from './FeedContext.tsx';
import { preloadReportDialog, ReportDialog } from '../moderation/ReportDialog.tsx';

interface PostMenuProps {
  post: FeedItem;
  /** Its author or a moderator: Edit and Delete (and Pin, for moderators). */
  canManage: boolean;
  onEdit: () => void;
}

/**
 * Edit and delete, offered only to the post's author and the community's moderators; Report, to
 * everyone but its author. Deleting asks first
 * (the spec's Arabic question, right to left) and takes the post out of the list, no reload.
 */
export function PostMenu({ post, canManage, onEdit }: PostMenuProps) {
  const { t } = useTranslation();
  const { viewerId } = useFeed();
  const [reporting, setReporting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // How many times deletion was asked: each asking is a question of its own (no earlier refusal in it).
  const [asked, setAsked] = useState(0);

  return (
    <>
      <ItemMenu
        label={t('feed.post.actions')}
        editLabel={t('feed.post.edit')}
        onEdit={canManage ? onEdit : undefined}
        deleteLabel={t('feed.post.delete')}
        onDelete={
          canManage
            ? () => {
                setAsked((count) => count + 1);
                setConfirming(true);
              }
            : undefined
        }
      >
        {canManage && <PinMenuItem post={post} />}
        {post.author.id !== viewerId && (
          <Menu.Item leftSection={<IconFlag size={16} />} onClick={() => setReporting(true)} onPointerEnter={preloadReportDialog} onFocus={preloadReportDialog}>
            {t('moderation.report.post')}
          </Menu.Item>
        )}
      </ItemMenu>
      <ReportDialog target={reporting ? { postId: post.id } : null} title={t('moderation.report.postTitle')} onClose={() => setReporting(false)} />
      {asked > 0 && <DeletePostDialog key={asked} postId={post.id} opened={confirming} onClose={() => setConfirming(false)} />}
    </>
  );
}

/** The question before a post is deleted, with its request: drawn once it is first asked, not with every post. */
function DeletePostDialog({ postId, opened, onClose }: { postId: string; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const cache = useFeedCache();
  const remove = useMutation(trpc.posts.delete.mutationOptions(removalHandlers(onClose, () => cache.removePost(postId), t('feed.post.deleted'))));
  return (
    <ConfirmDialog
      opened={opened}
      title={t('feed.post.deleteTitle')}
      confirmLabel={t('feed.post.delete')}
      cancelLabel={t('feed.post.cancel')}
      busy={remove.isPending}
      error={remove.error ? serverText(remove.error.message) : null}
      onConfirm={() => remove.mutate({ postId })}
      onCancel={onClose}
    >
      <Text span display="block" ta="start" fz="md">
        {t('feed.post.deleteConfirm')}
      </Text>
    </ConfirmDialog>
  );
}
