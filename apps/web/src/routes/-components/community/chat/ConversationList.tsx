import { Badge, Group, Select, Stack, Text } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterNavLink } from '../../../../components/RouterLinks.tsx';
import { UserAvatar } from '../../../../components/UserAvatar.tsx';
import { serverText } from '../../../../i18n/server-text.ts';
import { formatCount, formatDate } from '../../../../lib/format.ts';
import { messagePreview } from '../../../../lib/chat-preview.ts';
import { useTRPC } from '../../../../lib/trpc.ts';
import classes from './chat.module.css';
import { displayName, type Conversation } from './types.ts';
import { Handle, HANDLE_LINE } from '../../../../components/Handle.tsx';
import { Loading } from '../../../../components/Loading.tsx';

interface ConversationListProps {
  conversations: { data: Conversation[] | undefined; isPending: boolean; error: { message: string } | null };
  communityId: string;
  viewerId: string;
  selectedId: string | undefined;
}

/** The people one has talked with here, latest first, and a way to start talking with any other member. */
export function ConversationList({ conversations, communityId, viewerId, selectedId }: ConversationListProps) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const { communityName } = useParams({ from: '/community/$communityName' });
  const navigate = useNavigate({ from: '/community/$communityName' });
  // Any member, searched on the server by name or username (the member list holds only its first page).
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 200);
  const found = useQuery({ ...trpc.membership.mentionable.queryOptions({ communityId, search: debounced }), placeholderData: keepPreviousData, staleTime: 30_000 });
  const others = (found.data ?? []).map((person) => ({ userId: person.id, username: person.username, fullName: person.fullName, avatarUrl: person.avatarUrl }));
  const list = conversations.data ?? [];
  const timeOf = (date: Date) => {
    const sameDay = date.toDateString() === new Date().toDateString();
    return formatDate(date, sameDay ? 'time' : 'monthDay');
  };

  return (
    <>
      <Stack gap={4} p="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Select
          label={t('chat.start')}
          placeholder={t('chat.startPlaceholder')}
          leftSection={<IconSearch size={16} />}
          data={others.map((member) => ({ value: member.userId, label: displayName(member) }))}
          renderOption={({ option }) => {
            const member = others.find((m) => m.userId === option.value);
            return (
              <Group gap="sm" wrap="nowrap" miw={0}>
                <UserAvatar userId={member?.userId} username={member?.username} avatarUrl={member?.avatarUrl} radius="xl" size={28} />
                <Stack gap={0} miw={0}>
                  <Text size="sm" truncate>
                    {option.label}
                  </Text>
                  {member && (
                    <Text size="xs" c="dimmed" truncate {...HANDLE_LINE}>
                      <Handle username={member.username} />
                    </Text>
                  )}
                </Stack>
              </Group>
            );
          }}
          value={null}
          onChange={(userId) => {
            if (userId) void navigate({ search: { tab: 'chat', with: userId } });
          }}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options }) => options}
          nothingFoundMessage={found.isPending ? t('chat.loadingMembers') : t('chat.noMembers')}
          size="sm"
          radius="md"
          // Mounted only while open (Mantine keeps a Select's list mounted and places it as it mounts).
          comboboxProps={{ shadow: 'md', keepMounted: false }}
        />
      </Stack>
      <nav aria-label={t('chat.conversations')} className={classes.conversations}>
        {conversations.isPending ? (
          <Loading py="lg" label={t('chat.loadingConversations')} size="sm" />
        ) : conversations.error ? (
          <Text size="sm" c="red" p="md" role="alert">
            {serverText(conversations.error.message)}
          </Text>
        ) : list.length === 0 ? (
          <Text size="sm" c="dimmed" p="md" ta="center">
            {t('chat.noConversations')}
          </Text>
        ) : (
          list.map((conversation) => {
            const unread = conversation.unreadCount;
            return (
              <RouterNavLink
                key={conversation.other.id}
                to="/community/$communityName"
                params={{ communityName }}
                search={{ tab: 'chat', with: conversation.other.id }}
                active={conversation.other.id === selectedId}
                aria-current={conversation.other.id === selectedId ? 'page' : undefined}
                leftSection={<UserAvatar userId={conversation.other.id} username={conversation.other.username} avatarUrl={conversation.other.avatarUrl} radius="xl" size={40} />}
                label={
                  <Group gap={6} justify="space-between" wrap="nowrap">
                    <Text size="sm" fw={unread > 0 ? 700 : 600} truncate>
                      {displayName(conversation.other)}
                    </Text>
                    <Text component="time" dateTime={conversation.lastMessage.createdAt.toISOString()} size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                      {timeOf(conversation.lastMessage.createdAt)}
                    </Text>
                  </Group>
                }
                description={
                  <Group gap={6} justify="space-between" wrap="nowrap" component="span">
                    <Text size="xs" c={unread > 0 ? 'dark' : 'dimmed'} fw={unread > 0 ? 600 : 400} truncate component="span">
                      {messagePreview(t, conversation.lastMessage, viewerId)}
                    </Text>
                    {unread > 0 && (
                      <Badge size="sm" circle={unread < 10} color="red" aria-label={t('chat.unread', { count: unread })} style={{ flexShrink: 0 }}>
                        {formatCount(unread)}
                      </Badge>
                    )}
                  </Group>
                }
                py={10}
                px="sm"
              />
            );
          })
        )}
      </nav>
    </>
  );
}
