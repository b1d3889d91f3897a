import { Alert, Button, Card, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertCircle, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverText } from '../../../i18n/server-text.ts';
import { useMe } from '../../../lib/auth.ts';
import { formatCount, formatMoney } from '../../../lib/format.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { LoginPrompt } from './LoginPrompt.tsx';
import { PageLoading, PageHeading } from './PartnerParts.tsx';
import { RecordPayoutDialog } from './RecordPayoutDialog.tsx';
import type { PartnerBalance } from './types.ts';
import { usePartnerStanding } from './usePartner.ts';
import { Handle } from '../../../components/Handle.tsx';

/** /partner/payouts: platform admins see what every partner is owed and record payouts. */
export function PayoutsAdmin() {
  const { t } = useTranslation();
  const me = useMe();
  const standing = usePartnerStanding();
  return (
    <Stack gap="lg">
      <PageHeading title={t('partners.admin.title')} subtitle={t('partners.admin.subtitle')} />
      {me.isPending || (me.data && standing.isPending) ? (
        <PageLoading label={t('partners.admin.loading')} />
      ) : !me.data ? (
        <LoginPrompt message={t('partners.admin.notAdmin')} />
      ) : !standing.data?.isAdmin ? (
        <Alert color="gray" icon={<IconAlertCircle />} role="alert">
          {t('partners.admin.notAdmin')}
        </Alert>
      ) : (
        <Balances />
      )}
    </Stack>
  );
}

function Balances() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  // While a search is asked for, the rows shown stay (dimmed) rather than turning into a loader: no
  // flicker as the admin types, and a button pressed meanwhile is still the one pressed.
  const balances = useQuery({ ...trpc.partners.balances.queryOptions({ search: debounced || null, limit: 100 }), placeholderData: keepPreviousData });
  const [paying, setPaying] = useState<PartnerBalance | null>(null);
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="md">
        <TextInput
          label={t('partners.admin.search')}
          placeholder={t('partners.admin.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          maw={420}
        />
        {balances.isPending ? (
          <PageLoading label={t('partners.admin.loading')} />
        ) : balances.data === undefined ? (
          <Alert color="red" role="alert">
            {serverText(balances.error.message)}
          </Alert>
        ) : balances.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('partners.admin.empty')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={640} opacity={balances.isPlaceholderData ? 0.6 : 1} aria-busy={balances.isPlaceholderData}>
            <Table verticalSpacing="sm" fz="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('partners.admin.partner')}</Table.Th>
                  <Table.Th ta="end">{t('partners.admin.referrals')}</Table.Th>
                  <Table.Th ta="end">{t('partners.admin.earned')}</Table.Th>
                  <Table.Th ta="end">{t('partners.admin.paid')}</Table.Th>
                  <Table.Th ta="end">{t('partners.admin.pending')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {balances.data.map((row) => (
                  <Table.Tr key={row.partnerId}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {row.fullName ?? row.username}
                      </Text>
                      <Text size="xs" c="dimmed">
                        <Handle username={row.username} /> · {row.referralCode}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="end">{formatCount(row.referrals)}</Table.Td>
                    <Table.Td ta="end">{formatMoney(row.earnedCents)}</Table.Td>
                    <Table.Td ta="end">{formatMoney(row.paidCents)}</Table.Td>
                    <Table.Td ta="end" fw={700}>
                      {formatMoney(row.pendingCents)}
                    </Table.Td>
                    <Table.Td ta="end">
                      <Button
                        size="xs"
                        variant="light"
                        disabled={row.pendingCents <= 0}
                        onClick={() => setPaying(row)}
                        aria-label={t('partners.admin.recordFor', { name: row.fullName ?? row.username })}
                      >
                        {t('partners.admin.record')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <RecordPayoutDialog partner={paying} onClose={() => setPaying(null)} />
    </Card>
  );
}

