import { Button, Group, Progress, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { shareOf } from '@app/shared/plain/polls';
import { IconCircleCheckFilled } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverText } from '../../i18n/server-text.ts';
import { dateFormat, formatCount, formatPercent } from '../../lib/format.ts';
import { isRateLimited } from '../../lib/rate-limit.ts';
import { useTRPC } from '../../lib/trpc.ts';
import type { FeedItem } from '../../lib/paged.ts';
import { useCanManage } from './FeedContext.tsx';
import { useFeedCache } from './useFeedCache.ts';
import classes from './poll.module.css';

type PollData = NonNullable<FeedItem['poll']>;

/** Closed by hand, or its closing time has passed: the card turns to results at that moment, no reload. */
function useClosed(poll: PollData) {
  const closesAt = poll.closesAt?.getTime() ?? null;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (closesAt === null) return;
    const wait = closesAt - Date.now();
    if (wait <= 0 || wait > 2 ** 31 - 1) return;
    const timer = setTimeout(() => setNow(Date.now()), wait);
    return () => clearTimeout(timer);
  }, [closesAt]);
  return poll.closed || (closesAt !== null && closesAt <= now);
}

/**
 * A post's poll. Before voting, its options are buttons; once the viewer has voted (or it closed)
 * each shows its share and count, the viewer's choice marked, and while open a click changes the
 * vote. The author and the owner may close it. The counts are the server's, live.
 */
export function Poll({ post }: { post: FeedItem & { poll: PollData } }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const cache = useFeedCache();
  const canManage = useCanManage(post.author.id);
  const poll = post.poll;
  const closed = useClosed(poll);
  const voted = poll.myChoice !== null;
  const showResults = voted || closed;

  const vote = useMutation({
    ...trpc.posts.vote.mutationOptions({
      onSuccess: (result) => cache.patchPost(result.postId, () => ({ poll: result.poll })),
      onError: (error) => {
        if (!isRateLimited(error)) notifications.show({ color: 'red', message: t('polls.voteFailed', { message: serverText(error.message) }) });
      },
    }),
    scope: { id: `poll-vote:${post.id}` },
  });
  const close = useMutation(
    trpc.posts.closePoll.mutationOptions({
      onSuccess: (result) => cache.patchPost(result.postId, () => ({ poll: result.poll })),
      onError: (error) => {
        if (!isRateLimited(error)) notifications.show({ color: 'red', message: t('polls.closeFailed', { message: serverText(error.message) }) });
      },
    }),
  );

  const status = [
    t('polls.votes', { count: poll.totalVotes, value: formatCount(poll.totalVotes) }),
    closed ? t('polls.closed') : poll.closesAt ? t('polls.closesOn', { date: dateFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(poll.closesAt) }) : null,
  ].filter(Boolean);

  return (
    <Stack gap={6} role="group" aria-label={t('polls.region')}>
      {poll.options.map((option) => {
        const mine = option.id === poll.myChoice;
        const share = shareOf(option.votes, poll.totalVotes);
        const content = (
          <>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Group gap={6} wrap="nowrap" miw={0}>
                {mine && <IconCircleCheckFilled size={16} className={classes.mark} aria-hidden="true" />}
                <Text size="sm" fw={mine ? 600 : 500} className={classes.label}>
                  {option.label}
                  {/* Said after the label, so an option is still found (and heard) by its own words first. */}
                  {mine && <VisuallyHidden> ({t('polls.yourVote')})</VisuallyHidden>}
                </Text>
              </Group>
              {showResults && (
                <Text size="sm" c="dimmed" className={classes.figures}>
                  {formatPercent(share)} · {t('polls.votes', { count: option.votes, value: formatCount(option.votes) })}
                </Text>
              )}
            </Group>
            {showResults && <Progress value={share * 100} size="sm" radius="xl" mt={4} color={mine ? undefined : 'gray'} aria-hidden="true" />}
          </>
        );
        return closed ? (
          <div key={option.id} className={classes.option} data-mine={mine || undefined}>
            {content}
          </div>
        ) : (
          <UnstyledButton
            key={option.id}
            className={classes.option}
            data-mine={mine || undefined}
            aria-pressed={mine}
            disabled={vote.isPending}
            onClick={() => {
              if (!mine) vote.mutate({ postId: post.id, optionId: option.id });
            }}
          >
            {content}
          </UnstyledButton>
        );
      })}
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed">
          {status.join(' · ')}
          {!closed && ` · ${voted ? t('polls.changeHint') : t('polls.voteHint')}`}
        </Text>
        {canManage && !closed && (
          <Button variant="subtle" color="gray" size="compact-xs" loading={close.isPending} onClick={() => close.mutate({ postId: post.id })}>
            {t('polls.close')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
