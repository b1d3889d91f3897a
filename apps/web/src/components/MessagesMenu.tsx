import { isLiveReset } from '@app/shared/live';
import { ActionIcon, Badge, Group, Menu, Stack, Text } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { messagePreview } from '../lib/chat-preview.ts';
import { useTRPC } from '../lib/trpc.ts';
import { UserAvatar } from './UserAvatar.tsx';
import { formatCount } from '../lib/format.ts';
import { Loading } from './Loading.tsx';
import { UnreadIndicator } from './UnreadIndicator.tsx';
import { useLiveStart } from '../lib/live-position.ts';

/**
 * The top bar's messages dropdown: the latest conversations across communities with their unread
 * counts, each opening the community's chat with that person; 'No messages' when there are none.
 * chat.onInbox keeps it (and an open community's conversation list) current.
 */
export function MessagesMenu({ viewerId }: { viewerId: string }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const recent = useQuery(trpc.chat.recent.queryOptions());
  const unreadTotal = useQuery(trpc.chat.unreadTotal.queryOptions());
  const refreshRecent = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.chat.recent.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.chat.unreadTotal.queryKey() }),
    ]);
  const start = useLiveStart();
  useSubscription(
    trpc.chat.onInbox.subscriptionOptions(start.from, {
      // What arrived before the subscription started (while the page came alive, or was away) is
      // read again: the menu's lists, and every conversation list open (the chat tab's came with the page).
      onStarted: start.onStarted(() => {
        void refreshRecent();
        void queryClient.invalidateQueries({ queryKey: trpc.chat.conversations.pathKey() });
      }),
      onData: (tracked) => {
        void refreshRecent();
        // After a reset (resuming from too far back) every community's conversation list is refetched.
        const communityId = isLiveReset(tracked.data) ? undefined : tracked.data.communityId;
        void queryClient.invalidateQueries({ queryKey: communityId ? trpc.chat.conversations.queryKey({ communityId }) : trpc.chat.conversations.pathKey() });
      },
    }),
  );
  const conversations = recent.data ?? [];
  // Every unread message, not only those of the conversations listed.
  const unread = unreadTotal.data ?? conversations.reduce((sum, conversation) => sum + conversation.unreadCount, 0);
  const label = unread > 0 ? t('nav.messagesUnread', { count: unread }) : t('nav.messages');

  return (
    <Menu width={256} position="bottom-end" shadow="md">
      <Menu.Target>
        {/* The button is the menu's target (it gets aria-expanded); the unread badge sits inside it. */}
        <ActionIcon variant="subtle" color="gray" size="lg" radius="xl" aria-label={label} style={{ overflow: 'visible' }}>
          <UnreadIndicator unread={unread}>
            <IconMessageCircle size={22} stroke={1.7} style={{ display: 'block' }} />
          </UnreadIndicator>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown mah={420} style={{ overflowY: 'auto' }}>
        <Menu.Label>{t('nav.messages')}</Menu.Label>
        {recent.isPending ? (
          <Loading py="md" label={t('nav.loadingMessages')} size="sm" />
        ) : conversations.length === 0 ? (
          // A menu holds menu items only: the empty state is one that does nothing.
          <Text size="sm" c="dimmed" px="sm" py="md" ta="center" role="menuitem" aria-disabled>
            {t('nav.noMessages')}
          </Text>
        ) : (
          conversations.map((conversation) => {
            const name = conversation.other.fullName ?? conversation.other.username;
            const count = conversation.unreadCount;
            return (
              <Menu.Item
                key={`${conversation.community.id}:${conversation.other.id}`}
                renderRoot={(props) => (
                  <Link to="/community/$communityName" params={{ communityName: conversation.community.name }} search={{ tab: 'chat', with: conversation.other.id }} {...props} />
                )}
                leftSection={<UserAvatar username={conversation.other.username} avatarUrl={conversation.other.avatarUrl} radius="xl" size={34} />}
                rightSection={
                  count > 0 ? (
                    <Badge size="sm" circle={count < 10} color="red" aria-label={t('chat.unread', { count })}>
                      {formatCount(count)}
                    </Badge>
                  ) : null
                }
              >
                <Stack gap={0} miw={0}>
                  <Group gap={4} wrap="nowrap" miw={0}>
                    <Text size="sm" fw={count > 0 ? 700 : 600} truncate>
                      {name}
                    </Text>
                  </Group>
                  <Text size="xs" c="brand.8" truncate>
                    {conversation.community.name}
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    {messagePreview(t, conversation.lastMessage, viewerId)}
                  </Text>
                </Stack>
              </Menu.Item>
            );
          })
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
