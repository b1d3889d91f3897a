import { Card, Container, List, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconInfinity, IconLayoutDashboard, IconSchool } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TOP_ALIGNED_ICONS } from '../../../components/PricingPlans.tsx';
import classes from './Landing.module.css';
import { SectionHeading } from './SectionHeading.tsx';
import '../../../i18n/landing.ts';

const FEATURES: { key: 'allInOne' | 'courses' | 'members'; icon: ReactNode; color: string }[] = [
  { key: 'allInOne', icon: <IconLayoutDashboard size={26} />, color: 'brand' },
  { key: 'courses', icon: <IconSchool size={26} />, color: 'violet' },
  { key: 'members', icon: <IconInfinity size={26} />, color: 'teal' },
];

/** The three feature cards (spec: Landing page). */
export function Features() {
  const { t } = useTranslation();
  return (
    <Container component="section" size="lg" py={{ base: 56, sm: 88 }} aria-labelledby="features-heading">
      <SectionHeading title={t('landing.features.heading')} subtitle={t('landing.features.subheading')} titleId="features-heading" />
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg" mt={{ base: 36, sm: 56 }}>
        {FEATURES.map(({ key, icon, color }) => (
          <Card key={key} withBorder radius="lg" padding="xl" className={classes.featureCard}>
            <ThemeIcon size={52} radius="md" variant="light" color={color} aria-hidden>
              {icon}
            </ThemeIcon>
            <Title order={3} fz={20} mt="lg">
              {t(`landing.features.${key}.title`)}
            </Title>
            <Text c="dark.4" mt="xs" lh={1.6}>
              {t(`landing.features.${key}.body`)}
            </Text>
            <List
              mt="lg"
              spacing={8}
              size="sm"
              styles={TOP_ALIGNED_ICONS}
              icon={
                <ThemeIcon size={18} radius="xl" variant="light" color={color}>
                  <IconCheck size={12} stroke={3} />
                </ThemeIcon>
              }
            >
              {(t(`landing.features.${key}.points`, { returnObjects: true }) as string[]).map((point) => (
                <List.Item key={point}>{point}</List.Item>
              ))}
            </List>
          </Card>
        ))}
      </SimpleGrid>
    </Container>
  );
}
