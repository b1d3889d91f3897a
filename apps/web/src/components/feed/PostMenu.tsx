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
  const trpc = useTRPC();
  const cache = useFeedCache();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation(
    trpc.posts.delete.mutationOptions(
      removalHandlers(
        () => setConfirming(false),
        () => cache.removePost(post.id),
        t('feed.post.deleted'),
      ),
    ),
  );

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
                remove.reset();
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
      <ConfirmDialog
        opened={confirming}
        title={t('feed.post.deleteTitle')}
        confirmLabel={t('feed.post.delete')}
        cancelLabel={t('feed.post.cancel')}
        busy={remove.isPending}
        error={remove.error ? serverText(remove.error.message) : null}
        onConfirm={() => remove.mutate({ postId: post.id })}
        onCancel={() => setConfirming(false)}
      >
        <Text span display="block" ta="start" fz="md">
          {t('feed.post.deleteConfirm')}
        </Text>
      </ConfirmDialog>
    </>
  );
}
