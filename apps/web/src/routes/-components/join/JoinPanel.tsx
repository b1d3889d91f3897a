import { Alert, Button, Divider, Group, Loader, Paper, Stack, Text, Textarea } from '@mantine/core';
import { JOIN_ANSWER_MAX_LENGTH } from '@app/shared/plain/communities';
import { useState } from 'react';
import { IconAlertCircle, IconLock, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';
import { categoryLabel, formatMonthlyPrice, languageLabel, membersLabel } from '../../../lib/labels.ts';
import { isFull, type JoinCommunity } from './useJoinCommunity.ts';

interface JoinPanelProps {
  community: JoinCommunity;
  signedIn: boolean;
  /** A moderator removed the viewer (with `askAgainAt`: when they may ask again). */
  removed?: boolean;
  /** A declined request: when the viewer may ask again (the button waits until then). */
  askAgainAt?: Date | null;
  join: { start: (answers?: string[]) => void; asksQuestions: boolean; error: string | null; busy: boolean; toCheckout: boolean };
}

/** The price, the facts a joiner weighs, and the join button (disabled when every seat is taken). */
export function JoinPanel({ community, signedIn, removed = false, askAgainAt = null, join }: JoinPanelProps) {
  const { t } = useTranslation();
  const price = formatMonthlyPrice(community.membershipAmountCents);
  const category = categoryLabel(t, community.category);
  const language = languageLabel(t, community.language);
  const full = isFull(community);
  const [answers, setAnswers] = useState<string[]>(() => community.joinQuestions.map(() => ''));
  const asking = join.asksQuestions && signedIn && !removed && !askAgainAt && !full;
  const label = price ? t('join.joinPaid', { amount: price }) : community.isPrivate ? t('join.joinPrivate') : t('join.joinFree');

  const facts: { key: string; term: string; value: string }[] = [
    { key: 'members', term: t('join.members'), value: membersLabel(t, community.membersCount, community.availableSeats) },
  ];
  if (category) facts.push({ key: 'category', term: t('join.category'), value: `${category.emoji} ${category.label}` });
  if (language) facts.push({ key: 'language', term: t('join.language'), value: `${language.flag} ${language.label}` });
  const hint = full || removed || askAgainAt ? null : !signedIn ? t('join.loginHint') : price ? t('join.paidHint') : null;

  return (
    <Paper withBorder radius="lg" shadow="xs" p="lg" component="section" aria-label={t('join.details')}>
      <Stack gap="md">
        <div>
          <Text size="xs" tt="uppercase" fw={700} c="dimmed" lts={0.5}>
            {t('join.price')}
          </Text>
          <Text fz={26} fw={800} c={price ? 'brand.7' : 'teal.7'} lh={1.3}>
            {price ? t('discover.card.price', { amount: price }) : t('join.free')}
          </Text>
        </div>
        <Stack gap={10} component="dl" m={0}>
          {facts.map((fact) => (
            <Group key={fact.key} justify="space-between" gap="sm" wrap="nowrap">
              <Text component="dt" size="sm" c="dimmed">
                {fact.term}
              </Text>
              <Text component="dd" size="sm" fw={600} m={0} ta="end">
                {fact.key === 'members' && <IconUsers size={14} aria-hidden style={{ marginInlineEnd: 4, verticalAlign: -2 }} />}
                {fact.value}
              </Text>
            </Group>
          ))}
        </Stack>
        {community.isPrivate && (
          <Group gap={8} wrap="nowrap" align="flex-start">
            <IconLock size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            <Text size="sm" c="dimmed">
              <Text span fw={600} c="dark">
                {t('join.private')}
              </Text>
              {' · '}
              {t('join.privateHelp')}
            </Text>
          </Group>
        )}
        <Divider />
        {asking && (
          <Stack gap="sm" component="fieldset" m={0} p={0} style={{ border: 0 }}>
            <Text component="legend" size="sm" fw={600} mb={4}>
              {t('invitations.questionsLegend')}
            </Text>
            {community.joinQuestions.map((question, i) => (
              <Textarea
                key={i}
                label={question}
                required
                autosize
                minRows={2}
                maxRows={6}
                maxLength={JOIN_ANSWER_MAX_LENGTH}
                value={answers[i] ?? ''}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setAnswers((list) => list.map((a, j) => (j === i ? value : a)));
                }}
              />
            ))}
          </Stack>
        )}
        {full && (
          <Alert color="orange" icon={<IconAlertCircle />} role="alert">
            {t('join.noSeats')}
          </Alert>
        )}
        {askAgainAt && (
          <Alert color="orange" icon={<IconAlertCircle />} role="alert">
            {removed ? t('bans.removedWait', { date: formatDate(askAgainAt, 'exact') }) : t('communityPage.join.declined', { date: formatDate(askAgainAt, 'exact') })}
          </Alert>
        )}
        {join.error && (
          <Alert color="red" icon={<IconAlertCircle />} role="alert">
            {join.error}
          </Alert>
        )}
        <Button size="md" fullWidth onClick={() => join.start(answers)} disabled={full || askAgainAt !== null || join.busy} leftSection={join.busy ? <Loader size={16} color="gray" /> : undefined}>
          {join.toCheckout ? t('join.redirectingToCheckout') : join.busy ? t('join.joining') : label}
        </Button>
        {hint && (
          <Text size="xs" c="dimmed" ta="center">
            {hint}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
