import { Badge, Box, Button, Group, List, Paper, SegmentedControl, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { LIMITS, PLAN } from '@app/shared/constants';
import { IconCheck, IconDiscount, IconRosetteDiscountCheck, IconShieldCheck } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { formatPercent, formatPlanPrice } from '../lib/format.ts';
import { StaticPart } from './StaticPart.tsx';
import '../i18n/landing.ts';

type BillingPeriod = 'monthly' | 'sixMonths';

/** Check-list icons sit on the first line of items that wrap. */
export const TOP_ALIGNED_ICONS = { itemWrapper: { alignItems: 'flex-start' }, itemIcon: { marginTop: 2 } } as const;

/** The plan's terms, formatted for interpolation into catalog text (pricing and legal pages). */
export function usePlanTerms() {
  useTranslation(); // in the interface's language: render again when it changes
  return {
    monthlyPrice: formatPlanPrice(PLAN.monthlyCents),
    sixMonthPrice: formatPlanPrice(PLAN.sixMonthCents),
    trialDays: PLAN.trialDays,
    moneyBackDays: PLAN.moneyBackDays,
    commission: formatPercent(LIMITS.referralCommissionPercent / 100),
  };
}

interface PricingPlansProps {
  /** Starts a community: to /start-community when signed in, by way of /login otherwise. */
  onStart: () => void;
}

/** The one plan sold, with a monthly / six-month toggle (spec sections 3 "Plan" and 9). */
export function PricingPlans({ onStart }: PricingPlansProps) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const sixMonthsAtMonthly = PLAN.monthlyCents * 6;
  const saving = formatPlanPrice(sixMonthsAtMonthly - PLAN.sixMonthCents);
  const monthly = period === 'monthly';
  const price = formatPlanPrice(monthly ? PLAN.monthlyCents : PLAN.sixMonthCents);

  return (
    <Paper withBorder radius="lg" shadow="md" maw={920} mx="auto" style={{ overflow: 'hidden' }}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={0}>
        <Stack p={{ base: 'lg', sm: 36 }} gap="md">
          <Group justify="space-between" align="center" gap="xs">
            <Title order={3} fz={24}>
              {t('pricing.planName')}
            </Title>
            <Badge variant="light" size="lg" radius="sm">
              {t('pricing.freeTrial', { days: PLAN.trialDays })}
            </Badge>
          </Group>
          <Text c="dimmed">{t('pricing.planTagline')}</Text>
          <SegmentedControl
            fullWidth
            radius="md"
            size="md"
            aria-label={t('pricing.billingPeriod')}
            value={period}
            onChange={(value) => setPeriod(value as BillingPeriod)}
            data={[
              { value: 'monthly', label: t('pricing.monthly') },
              { value: 'sixMonths', label: t('pricing.sixMonths') },
            ]}
          />
          <Box aria-live="polite" data-testid="plan-price">
            <Text component="p" m={0} lh={1.1}>
              <Trans
                i18nKey={monthly ? 'pricing.perMonth' : 'pricing.perSixMonths'}
                values={{ price }}
                components={{
                  price: <Text span fz={52} fw={800} lh={1} c="dark.8" style={{ letterSpacing: '-0.02em' }} />,
                  period: <Text span c="dimmed" fz="lg" ms={4} />,
                }}
              />
            </Text>
            <Text size="sm" c="dimmed" mt="xs" mih={42}>
              {monthly
                ? t('pricing.billedMonthly', { days: PLAN.trialDays })
                : t('pricing.billedSixMonths', {
                    days: PLAN.trialDays,
                    monthly: formatPlanPrice(Math.round(PLAN.sixMonthCents / 6)),
                  })}
            </Text>
          </Box>
          <Group gap={6} wrap="nowrap" c="teal.9">
            <IconDiscount size={18} aria-hidden />
            <Text size="sm" fw={600}>
              {monthly ? t('pricing.saveHint', { amount: saving }) : t('pricing.saving', { amount: saving })}
            </Text>
          </Group>
          <Button size="lg" fullWidth onClick={onStart} mt={4}>
            {t('pricing.start')}
          </Button>
          <Stack gap="xs" mt="auto" pt="md" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
            <Assurance icon={<IconShieldCheck size={20} />} text={t('pricing.moneyBack', { days: PLAN.moneyBackDays })} />
            <Assurance icon={<IconRosetteDiscountCheck size={20} />} text={t('pricing.noChargeToday')} />
          </Stack>
        </Stack>
        <Stack bg="gray.0" p={{ base: 'lg', sm: 36 }} gap="lg">
          <StaticPart>
            <Text fw={700} fz="lg">
              {t('pricing.includedTitle')}
            </Text>
            <List
              spacing="sm"
              styles={TOP_ALIGNED_ICONS}
              icon={
                <ThemeIcon size={22} radius="xl" variant="light" color="brand">
                  <IconCheck size={14} stroke={3} />
                </ThemeIcon>
              }
            >
              {(t('pricing.features', { returnObjects: true }) as string[]).map((feature) => (
                <List.Item key={feature}>{feature}</List.Item>
              ))}
            </List>
          </StaticPart>
        </Stack>
      </SimpleGrid>
    </Paper>
  );
}

function Assurance({ icon, text }: { icon: ReactNode; text: string }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <ThemeIcon variant="transparent" color="teal.7" size={24} aria-hidden>
        {icon}
      </ThemeIcon>
      <Text size="sm" fw={600}>
        {text}
      </Text>
    </Group>
  );
}
