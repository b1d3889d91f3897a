import { Badge, Card, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { LIMITS } from '@app/shared/constants';
import { IconChartLine, IconInfinity, IconPercentage, IconShare, IconUserPlus, IconUsers, IconWallet } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '../../../lib/format.ts';
import { RouterButton } from '../../../components/RouterLinks.tsx';
import { ForumCard } from './PartnerParts.tsx';
import classes from './partners.module.css';

const BENEFITS = [
  { key: 'revenue', icon: IconPercentage },
  { key: 'lifetime', icon: IconInfinity },
  { key: 'tracking', icon: IconChartLine },
  { key: 'direct', icon: IconUsers },
] as const;

const STEPS = [
  { key: 'signUp', icon: IconUserPlus },
  { key: 'share', icon: IconShare },
  { key: 'earn', icon: IconWallet },
] as const;

/** The commission as the reader writes a percentage ('5%'). */
export function useCommissionPercent() {
  useTranslation(); // in the interface's language: render again when it changes
  return formatPercent(LIMITS.referralCommissionPercent / 100);
}

/** /partner: what the programme offers and how it works (spec: Partner pages, Overview). */
export function PartnerOverview() {
  const { t } = useTranslation();
  const percent = useCommissionPercent();
  return (
    <Stack gap={48}>
      <Paper radius="xl" p={{ base: 'lg', sm: 48 }} className={classes.hero}>
        <Stack gap="md" align="flex-start" maw={620}>
          <Badge variant="white" size="lg" radius="sm">
            {t('partners.overview.eyebrow')}
          </Badge>
          <Title order={1} fz={{ base: 32, sm: 44 }} lh={1.1} c="white">
            {t('partners.overview.title')}
          </Title>
          <Text fz={{ base: 'md', sm: 'lg' }} c="white" opacity={0.92}>
            {t('partners.overview.lead', { percent })}
          </Text>
          <RouterButton to="/partner/dashboard" size="lg" variant="white" radius="xl" mt="xs">
            {t('partners.overview.become')}
          </RouterButton>
        </Stack>
      </Paper>

      <Section id="benefits" title={t('partners.overview.benefitsTitle')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {BENEFITS.map(({ key, icon: Icon }) => (
            <Card key={key} withBorder radius="lg" padding="lg">
              <Group align="flex-start" wrap="nowrap" gap="md">
                <ThemeIcon size={44} radius="md" variant="light" aria-hidden="true">
                  <Icon size={24} />
                </ThemeIcon>
                <div>
                  <Text fw={700}>{t(`partners.overview.benefits.${key}.title`, { percent })}</Text>
                  <Text size="sm" c="dimmed" mt={4}>
                    {t(`partners.overview.benefits.${key}.body`, { percent })}
                  </Text>
                </div>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      </Section>

      <Section id="steps" title={t('partners.overview.stepsTitle')}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" component="ol" className={classes.steps}>
          {STEPS.map(({ key, icon: Icon }, index) => (
            <Card key={key} component="li" withBorder radius="lg" padding="lg">
              <Stack gap="sm">
                <Group justify="space-between">
                  <ThemeIcon size={40} radius="xl" aria-hidden="true">
                    <Icon size={22} />
                  </ThemeIcon>
                  <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                    {t('partners.overview.stepLabel', { number: index + 1 })}
                  </Text>
                </Group>
                <Title order={3} fz="lg">
                  {t(`partners.overview.steps.${key}.title`)}
                </Title>
                <Text size="sm" c="dimmed">
                  {t(`partners.overview.steps.${key}.body`, { percent })}
                </Text>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </Section>

      <Section id="forum" title={t('partners.overview.forumTitle')}>
        <ForumCard body={t('partners.overview.forumBody')} button={t('partners.overview.forumButton')} />
      </Section>

      <Paper withBorder radius="xl" p={{ base: 'lg', sm: 40 }} ta="center" bg="gray.0">
        <Stack gap="sm" align="center">
          <Title order={2} fz={{ base: 22, sm: 28 }}>
            {t('partners.overview.ctaTitle')}
          </Title>
          <Text c="dimmed">{t('partners.overview.ctaBody')}</Text>
          <RouterButton to="/partner/dashboard" size="md" radius="xl" mt="xs">
            {t('partners.overview.joinNow')}
          </RouterButton>
        </Stack>
      </Paper>
    </Stack>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack component="section" id={id} aria-labelledby={`${id}-title`} gap="md" className={classes.section}>
      <Title order={2} id={`${id}-title`} fz={{ base: 22, sm: 26 }}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}
