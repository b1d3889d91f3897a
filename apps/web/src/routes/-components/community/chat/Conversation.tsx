import { Alert, Box, Group, Skeleton, Stack, Text } from '@mantine/core';
import { LazyTooltip } from '../../../../components/LazyTooltip.tsx';
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { isTRPCClientError } from '@trpc/client';
import { useParams } from '@tanstack/react-router';
import { memo, useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { BlockButton } from '../../../../components/blocks/BlockButton.tsx';
import { useBlockedIds } from '../../../../components/blocks/useBlocks.ts';
import { RouterAnchor, RouterButton } from '../../../../components/RouterLinks.tsx';
import { UserAvatar } from '../../../../components/UserAvatar.tsx';
import { serverText } from '../../../../i18n/server-text.ts';
import { useTRPC } from '../../../../lib/trpc.ts';
import { ChatComposer } from './ChatComposer.tsx';
import { chronological } from './chatCache.ts';
import { MessageList } from './MessageList.tsx';
import { displayName, type ChatPerson } from './types.ts';
import { messagesQueryOptions } from './useChatCache.ts';
import { useConversationLive, type LiveState } from './useConversationLive.ts';
import { Handle, HANDLE_LINE } from '../../../../components/Handle.tsx';
import { Loading } from '../../../../components/Loading.tsx';
import { HydratesApart } from '../../../../components/HydratesApart.tsx';

interface ConversationProps {
  communityId: string;
  viewerId: string;
  viewerName: string;
  otherId: string;
  /** Who they are, when a list knows them (a refused id is known to none); undefined while the lists load. */
  other: ChatPerson | null | undefined;
}

/**
 * One open conversation: who it is with (and Block/Unblock), the messages (live) and the composer,
 * which a block of the viewer's closes (the server refuses either way: blocks domain).
 */
export const Conversation = memo(function Conversation({ communityId, viewerId, viewerName, otherId, other: known }: ConversationProps) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const query = useInfiniteQuery(messagesQueryOptions(trpc, communityId, otherId));
  const live = useConversationLive({ communityId, otherId, viewerId, enabled: query.isSuccess });
  const scrollerRef = useRef<HTMLDivElement>(null);
  const messages = useMemo(() => chronological(query.data), [query.data]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadOlder = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const showSent = useCallback(() => scrollerRef.current?.scrollTo({ top: 0, behavior: 'smooth' }), []);
  // The messages' answer names the other person too: someone found by search or opened from a link.
  const other = known ?? query.data?.pages[0]?.other ?? (query.isPending ? undefined : known);
  const otherName = other ? displayName(other) : t('chat.someone');
  const blocked = useBlockedIds().has(otherId);

  return (
    <>
      {/* Rendered by the server, the header, the messages and the composer come alive each in a commit of their own. */}
      <HydratesApart>
        <ConversationHeader otherId={otherId} other={other} live={query.isSuccess ? live : null} />
      </HydratesApart>
      {query.isPending ? (
        <Loading style={{ flex: 1 }} label={t('chat.loading')} />
      ) : query.isError ? (
        <Box p="md" style={{ flex: 1 }}>
          <Alert color="red" variant="light" icon={<IconAlertTriangle />} title={isRefusal(query.error) ? t('chat.refused') : t('chat.loadFailed')} role="alert" radius="md">
            {serverText(query.error.message)}
          </Alert>
        </Box>
      ) : (
        <>
          <HydratesApart>
            <MessageList
              messages={messages}
              viewerId={viewerId}
              viewerName={viewerName}
              other={other}
              otherId={otherId}
              hasOlder={hasNextPage}
              loadingOlder={isFetchingNextPage}
              loadOlder={loadOlder}
              scrollerRef={scrollerRef}
            />
          </HydratesApart>
          {blocked ? (
            <Box p="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
              <Alert color="gray" variant="light" role="status" p="xs">
                {t('blocks.chatBlocked')}
              </Alert>
            </Box>
          ) : (
            <HydratesApart>
              <ChatComposer
                communityId={communityId}
                otherId={otherId}
                otherName={otherName}
                onSent={showSent}
              />
            </HydratesApart>
          )}
        </>
      )}
    </>
  );
});

/** The server said no (not both members, oneself, no such person), as opposed to failing. */
const isRefusal = (error: unknown) => {
  const code = isTRPCClientError(error) ? (error.data as { code?: string } | undefined)?.code : undefined;
  return code === 'FORBIDDEN' || code === 'BAD_REQUEST' || code === 'NOT_FOUND';
};

const LIVE_COLORS: Record<LiveState, string> = { live: 'teal', connecting: 'yellow', offline: 'gray' };

const ConversationHeader = memo(function ConversationHeader({ otherId, other, live }: { otherId: string; other: ChatPerson | null | undefined; live: LiveState | null }) {
  const { t } = useTranslation();
  const { communityName } = useParams({ from: '/community/$communityName' });
  return (
    <Group gap="sm" px="sm" py={8} wrap="nowrap" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }} mih={60}>
      <RouterButton
        to="/community/$communityName"
        params={{ communityName }}
        search={{ tab: 'chat' }}
        variant="subtle"
        color="gray"
        px={6}
        hiddenFrom="sm"
        leftSection={<IconArrowLeft className="mirror-rtl" size={16} />}
        aria-label={t('chat.backToList')}
      >
        {t('chat.back')}
      </RouterButton>
      {other ? (
        <>
          <UserAvatar userId={otherId} username={other.username} avatarUrl={other.avatarUrl} radius="xl" size={38} />
          <Stack gap={0} miw={0} style={{ flex: 1 }}>
            <Text fw={700} size="sm" truncate component="h3" m={0}>
              {displayName(other)}
            </Text>
            <RouterAnchor to="/profile/$username" params={{ username: other.username }} size="xs" c="dimmed" truncate {...HANDLE_LINE}>
              <Handle username={other.username} />
            </RouterAnchor>
          </Stack>
        </>
      ) : other === undefined ? (
        <Group gap="sm" style={{ flex: 1 }} wrap="nowrap">
          <Skeleton circle height={38} />
          <Skeleton height={12} width={120} radius="xl" />
        </Group>
      ) : (
        <Text fw={700} size="sm" style={{ flex: 1 }}>
          {t('chat.someone')}
        </Text>
      )}
      {other && <BlockButton person={{ id: otherId, name: displayName(other) }} iconOnly />}
      {live && (
        <LazyTooltip label={t(`chat.live.${live}Hint`)} withArrow multiline w={220}>
          <Group gap={6} wrap="nowrap" role="status" tabIndex={0}>
            <Box w={8} h={8} bg={`${LIVE_COLORS[live]}.6`} style={{ borderRadius: '50%' }} aria-hidden="true" />
            <Text size="xs" c="dimmed">
              {t(`chat.live.${live}`)}
            </Text>
          </Group>
        </LazyTooltip>
      )}
    </Group>
  );
});
