import { Button, Group, Paper, Text } from '@mantine/core';
import { IconEyeOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface BlockedPlaceholderProps {
  kind: 'post' | 'comment';
  onShow: () => void;
  /** A post's place in the feed (role="feed" articles). */
  position?: number;
  total?: number;
  /** A comment's replies (by others), still shown under it. */
  children?: ReactNode;
}

/**
 * What stands for a post or comment by someone the viewer blocks: 'Post from a person you blocked'
 * and 'Show', which shows it as usual on this page (the blocks list is the viewer's, useBlockedIds).
 */
export function BlockedPlaceholder({ kind, onShow, position, total, children }: BlockedPlaceholderProps) {
  const { t } = useTranslation();
  const label = kind === 'post' ? t('blocks.collapsedPost') : t('blocks.collapsedComment');
  const line = (
    <Group gap="xs" justify="space-between" wrap="nowrap">
      <Group gap={6} wrap="nowrap" c="dimmed">
        <IconEyeOff size={16} aria-hidden="true" />
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Group>
      <Button size="compact-xs" variant="subtle" onClick={onShow}>
        {t('blocks.show')}
      </Button>
    </Group>
  );
  if (kind === 'post') {
    return (
      <Paper component="article" withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} aria-label={label} aria-posinset={position} aria-setsize={total}>
        {line}
      </Paper>
    );
  }
  return (
    <div role="listitem" aria-label={label}>
      {line}
      {children}
    </div>
  );
}
