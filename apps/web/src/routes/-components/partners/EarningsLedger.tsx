import { Badge, Button, Card, Center, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useTRPC } from '../../../lib/trpc.ts';
import { useCommissionPercent } from './PartnerOverview.tsx';
import { CsvButton } from './PartnerParts.tsx';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { formatMonth } from './money.ts';
import type { LedgerEntry, LedgerMonth } from './types.ts';

const PAGE = 25;

/** The entries loaded so far, by month, newest first. */
function byMonth(entries: LedgerEntry[]) {
  const months = new Map<string, LedgerEntry[]>();
  for (const entry of entries) months.set(entry.month, [...(months.get(entry.month) ?? []), entry]);
  return [...months];
}

/**
 * The earnings ledger: an entry per payment of a referred community (and per refund of one), grouped
 * by month with the month's net from the server (which counts every entry, loaded or not).
 */
export function EarningsLedger({ months }: { months: LedgerMonth[] }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const percent = useCommissionPercent();
  const ledger = useInfiniteQuery(trpc.partners.ledger.infiniteQueryOptions({ limit: PAGE }, { getNextPageParam: (last) => last.nextCursor }));
  const entries = ledger.data?.pages.flatMap((page) => page.items) ?? [];
  const totals = new Map(months.map((month) => [month.month, month]));

  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
          <div>
            <Title order={2} fz="lg">
              {t('partners.ledger.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('partners.ledger.subtitle', { percent })}
            </Text>
          </div>
          <CsvButton href="/api/partners/earnings.csv" label={t('partners.ledger.downloadLedger')} />
        </Group>
        {ledger.isPending ? (
          <Center py="lg">
            <Loader size="sm" />
          </Center>
        ) : entries.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('partners.ledger.empty')}
          </Text>
        ) : (
          byMonth(entries).map(([month, rows]) => {
            const total = totals.get(month);
            return (
              <Stack key={month} gap={6} component="section" aria-label={formatMonth(month)}>
                <Group justify="space-between" gap="xs">
                  <Text fw={700}>{formatMonth(month)}</Text>
                  {total && (
                    <Text size="sm" c="dimmed">
                      {t('partners.ledger.monthSummary', { count: total.entries })} ·{' '}
                      <Text span fw={700} c="dark">
                        {t('partners.ledger.monthTotal', { amount: formatMoney(total.netCents) })}
                      </Text>
                    </Text>
                  )}
                </Group>
                <Table.ScrollContainer minWidth={520} visibleFrom="sm">
                  <Table verticalSpacing={6} fz="sm" striped>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('partners.ledger.date')}</Table.Th>
                        <Table.Th>{t('partners.ledger.community')}</Table.Th>
                        <Table.Th>{t('partners.ledger.entry')}</Table.Th>
                        <Table.Th ta="end">{t('partners.ledger.payment')}</Table.Th>
                        <Table.Th ta="end">{t('partners.ledger.amount')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {rows.map((entry) => (
                        <Table.Tr key={entry.id}>
                          <Table.Td>{formatDate(entry.createdAt, 'day')}</Table.Td>
                          <Table.Td>{entry.communityName ?? t('partners.ledger.deleted')}</Table.Td>
                          <Table.Td>
                            <Badge size="sm" radius="sm" variant="light" color={entry.kind === 'commission' ? 'teal' : 'orange'}>
                              {t(`partners.ledger.${entry.kind}`)}
                            </Badge>
                          </Table.Td>
                          <Table.Td ta="end">{formatMoney(entry.baseCents, entry.currency)}</Table.Td>
                          <Table.Td ta="end" fw={600} c={entry.amountCents < 0 ? 'orange.8' : undefined}>
                            {formatMoney(entry.amountCents, entry.currency)}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
                <EntryList entries={rows} />
              </Stack>
            );
          })
        )}
        {ledger.hasNextPage && (
          <Button variant="light" onClick={() => void ledger.fetchNextPage()} loading={ledger.isFetchingNextPage} style={{ alignSelf: 'center' }}>
            {t('partners.ledger.loadMore')}
          </Button>
        )}
      </Stack>
    </Card>
  );
}

/** On a phone: each entry as two lines (community and amount; date, kind and payment) instead of a wide table. */
function EntryList({ entries }: { entries: LedgerEntry[] }) {
  const { t } = useTranslation();
  return (
    <Stack component="ul" gap={6} p={0} m={0} hiddenFrom="sm" style={{ listStyle: 'none' }}>
      {entries.map((entry) => (
        <Paper component="li" key={entry.id} withBorder radius="md" p="xs">
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" fw={600} truncate>
              {entry.communityName ?? t('partners.ledger.deleted')}
            </Text>
            <Text size="sm" fw={700} c={entry.amountCents < 0 ? 'orange.8' : undefined} style={{ whiteSpace: 'nowrap' }}>
              {formatMoney(entry.amountCents, entry.currency)}
            </Text>
          </Group>
          <Group gap="xs" mt={4}>
            <Badge size="xs" radius="sm" variant="light" color={entry.kind === 'commission' ? 'teal' : 'orange'}>
              {t(`partners.ledger.${entry.kind}`)}
            </Badge>
            <Text size="xs" c="dimmed">
              {formatDate(entry.createdAt, 'day')} · {t('partners.ledger.ofPayment', { amount: formatMoney(entry.baseCents, entry.currency) })}
            </Text>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
