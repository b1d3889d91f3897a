import { Card, SimpleGrid, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCount, formatMoney } from '../../../lib/format.ts';
import classes from './partners.module.css';
import type { Dashboard } from './types.ts';

/** The counts (referrals, active communities, their members) and the money (pending, paid, earned). */
export function PartnerStats({ dashboard }: { dashboard: Dashboard }) {
  const { t } = useTranslation();
  const { counts, totals } = dashboard;
  const stats = [
    { key: 'referrals', value: formatCount(counts.referrals) },
    { key: 'activeCommunities', value: formatCount(counts.activeCommunities), help: t('partners.stats.activeHelp') },
    { key: 'totalMembers', value: formatCount(counts.totalMembers) },
    { key: 'pending', value: formatMoney(totals.pendingCents), help: t('partners.stats.pendingHelp'), accent: 'brand' },
    { key: 'paid', value: formatMoney(totals.paidCents) },
    { key: 'earned', value: formatMoney(totals.earnedCents) },
  ];
  return (
    <SimpleGrid component="dl" aria-label={t('partners.stats.label')} cols={{ base: 2, sm: 3 }} spacing="sm" m={0}>
      {stats.map((stat) => (
        <Card key={stat.key} withBorder radius="lg" padding="md" className={classes.stat}>
          <Text component="dt" size="sm" c="dimmed" truncate>
            {stat.help ? (
              <Tooltip label={stat.help} withArrow multiline w={220}>
                <span tabIndex={0}>{t(`partners.stats.${stat.key}`)}</span>
              </Tooltip>
            ) : (
              t(`partners.stats.${stat.key}`)
            )}
          </Text>
          <Text component="dd" m={0} fz={{ base: 22, sm: 26 }} fw={700} c={stat.accent} data-stat={stat.key}>
            {stat.value}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
