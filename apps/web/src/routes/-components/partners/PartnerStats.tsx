import { Card, SimpleGrid, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../lib/labels.ts';
import { formatMoney } from './money.ts';
import classes from './partners.module.css';
import type { Dashboard } from './types.ts';

/** The counts (referrals, active communities, their members) and the money (pending, paid, earned). */
export function PartnerStats({ dashboard }: { dashboard: Dashboard }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const { counts, totals } = dashboard;
  const stats = [
    { key: 'referrals', value: formatCount(locale, counts.referrals) },
    { key: 'activeCommunities', value: formatCount(locale, counts.activeCommunities), help: t('partners.stats.activeHelp') },
    { key: 'totalMembers', value: formatCount(locale, counts.totalMembers) },
    { key: 'pending', value: formatMoney(locale, totals.pendingCents), help: t('partners.stats.pendingHelp'), accent: 'brand' },
    { key: 'paid', value: formatMoney(locale, totals.paidCents) },
    { key: 'earned', value: formatMoney(locale, totals.earnedCents) },
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
