import { Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../../../lib/auth.ts';
import { useTRPC } from '../../../../lib/trpc.ts';
import { BackButton } from '../../../../components/BackButton.tsx';
import { HydratesApart } from '../../../../components/HydratesApart.tsx';
import { retryUnlessRefused } from '../../../../lib/retry.ts';
import type { CommunityDetails, MembersQuery } from '../../../../lib/community-types.ts';
import classes from './chat.module.css';
import { Conversation } from './Conversation.tsx';
import { ConversationList } from './ConversationList.tsx';
import type { ChatPerson } from './types.ts';

interface ChatTabProps {
  community: CommunityDetails;
  members: MembersQuery;
}

/**
 * The community's private chat (spec section 2): conversations on one side, the open one (kept in
 * ?with=) on the other; on phones the list, then the conversation full width with a way back.
 */
export function ChatTab({ community, members }: ChatTabProps) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const me = useMe();
  const { with: withId } = useSearch({ from: '/community/$communityName' });
  const conversations = useQuery({ ...trpc.chat.conversations.queryOptions({ communityId: community.id }), retry: retryUnlessRefused });
  // undefined while the lists that know people are loading; null when neither knows them. The same
  // object while those lists do not change, so the open conversation (memo) is not drawn again.
  const resolving = conversations.isPending || members.isPending;
  const approved = members.data?.approved;
  const other = useMemo(
    () => (withId ? (personOf(withId, conversations.data, approved) ?? (resolving ? undefined : null)) : null),
    [withId, conversations.data, approved, resolving],
  );
  const viewer = me.data;
  if (!viewer) return null;
  return (
    <Stack gap="md">
      <BackButton />
      <Paper withBorder radius="lg" className={classes.layout} data-open={withId ? '' : undefined} component="section" aria-label={t('chat.region')}>
        {/* Rendered by the server, the list and the conversation come alive each in a commit of its own. */}
        <div className={classes.list}>
          <HydratesApart>
            <ConversationList conversations={conversations} communityId={community.id} viewerId={viewer.id} selectedId={withId} />
          </HydratesApart>
        </div>
        <div className={classes.pane}>
          <HydratesApart>
            {withId ? (
              <Conversation key={withId} communityId={community.id} viewerId={viewer.id} viewerName={viewer.fullName ?? viewer.username} otherId={withId} other={other} />
            ) : (
              <NoConversation />
            )}
          </HydratesApart>
        </div>
      </Paper>
    </Stack>
  );
}

function personOf(
  id: string,
  conversations: { other: ChatPerson }[] | undefined,
  members: { userId: string; username: string; fullName: string | null; avatarUrl: string | null }[] | undefined,
): ChatPerson | null {
  const talked = conversations?.find((conversation) => conversation.other.id === id);
  if (talked) return talked.other;
  const member = members?.find((m) => m.userId === id);
  return member ? { id: member.userId, username: member.username, fullName: member.fullName, avatarUrl: member.avatarUrl } : null;
}

function NoConversation() {
  const { t } = useTranslation();
  return (
    <Stack align="center" justify="center" gap="xs" p="xl" style={{ flex: 1 }} bg="gray.0">
      <ThemeIcon size={56} radius="xl" variant="light" aria-hidden="true">
        <IconMessages size={30} />
      </ThemeIcon>
      <Text fw={700}>{t('chat.pick')}</Text>
      <Text size="sm" c="dimmed" ta="center" maw={320}>
        {t('chat.pickHint')}
      </Text>
    </Stack>
  );
}
