import { ActionIcon, Menu, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTRPC } from '../../../../lib/trpc.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import type { FeedItem } from './types.ts';
import { useFeedCache } from './useFeedCache.ts';

interface PostMenuProps {
  post: FeedItem;
  onEdit: () => void;
}

/**
 * Edit and delete, offered only to the post's author and the community owner. Deleting asks first
 * (the spec's Arabic question, right to left) and takes the post out of the list, no reload.
 */
export function PostMenu({ post, onEdit }: PostMenuProps) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const cache = useFeedCache();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation(
    trpc.posts.delete.mutationOptions({
      onSuccess: ({ postId }) => {
        setConfirming(false);
        cache.removePost(postId);
        notifications.show({ color: 'teal', message: t('feed.post.deleted') });
      },
      onError: (error) => {
        // Someone else deleted it first: it is gone either way.
        if (error.data?.code === 'NOT_FOUND') {
          setConfirming(false);
          cache.removePost(post.id);
        }
      },
    }),
  );

  return (
    <>
      <Menu position="bottom-end" shadow="md" radius="md" width={160}>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" radius="xl" aria-label={t('feed.post.actions')}>
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconPencil size={16} />} onClick={onEdit}>
            {t('feed.post.edit')}
          </Menu.Item>
          <Menu.Item
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => {
              remove.reset();
              setConfirming(true);
            }}
          >
            {t('feed.post.delete')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ConfirmDialog
        opened={confirming}
        title={t('feed.post.deleteTitle')}
        confirmLabel={t('feed.post.delete')}
        cancelLabel={t('feed.post.cancel')}
        busy={remove.isPending}
        error={remove.error?.message ?? null}
        onConfirm={() => remove.mutate({ postId: post.id })}
        onCancel={() => setConfirming(false)}
      >
        <Text span dir="rtl" lang="ar" display="block" ta="start" fz="md">
          {t('feed.post.deleteConfirm')}
        </Text>
      </ConfirmDialog>
    </>
  );
}
