import { Button, Card, Center, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useTRPC } from '../../../lib/trpc.ts';
import { CsvButton } from './PartnerParts.tsx';
import { formatDate, formatMoney } from '../../../lib/format.ts';

const PAGE = 25;

/** The payouts a platform admin recorded for the partner, newest first, with their CSV. */
export function PayoutsList() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const payouts = useInfiniteQuery(trpc.partners.payouts.infiniteQueryOptions({ limit: PAGE }, { getNextPageParam: (last) => last.nextCursor }));
  const items = payouts.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={2} fz="lg" id="payouts-title">
            {t('partners.payouts.title')}
          </Title>
          <CsvButton href="/api/partners/payouts.csv" label={t('partners.payouts.downloadPayouts')} />
        </Group>
        {payouts.isPending ? (
          <Center py="lg">
            <Loader size="sm" />
          </Center>
        ) : items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('partners.payouts.empty')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={300}>
            <Table verticalSpacing={6} fz="sm" striped aria-labelledby="payouts-title">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('partners.payouts.date')}</Table.Th>
                  <Table.Th>{t('partners.payouts.reference')}</Table.Th>
                  <Table.Th ta="end">{t('partners.payouts.amount')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((payout) => (
                  <Table.Tr key={payout.id}>
                    <Table.Td>{formatDate(payout.createdAt, 'day')}</Table.Td>
                    <Table.Td>{payout.reference ?? '—'}</Table.Td>
                    <Table.Td ta="end" fw={600}>
                      {formatMoney(payout.amountCents, payout.currency)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {payouts.hasNextPage && (
          <Button variant="light" onClick={() => void payouts.fetchNextPage()} loading={payouts.isFetchingNextPage} style={{ alignSelf: 'center' }}>
            {t('partners.payouts.loadMore')}
          </Button>
        )}
      </Stack>
    </Card>
  );
}
