import { Badge, Box, Button, Container, Flex, Grid, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { PLAN } from '@app/shared/constants';
import { IconCheck, IconCompass, IconSparkles } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';
import { RouterButton } from '../../../components/RouterLinks.tsx';
import { StaticPart } from '../../../components/StaticPart.tsx';
import { HeroPreview } from './HeroPreview.tsx';
import classes from './Landing.module.css';
import { useStartCommunity } from './useStartCommunity.ts';
import '../../../i18n/landing.ts';

export function Hero() {
  const { t } = useTranslation();
  const start = useStartCommunity();
  const assurances = [
    t('landing.hero.trial', { days: PLAN.trialDays }),
    t('landing.hero.moneyBack', { days: PLAN.moneyBackDays }),
    t('landing.hero.unlimited'),
  ];
  return (
    <Box className={classes.hero}>
      <Container size="lg" pt={{ base: 48, sm: 80, md: 96 }} pb={{ base: 56, sm: 80 }}>
        <Grid gap={{ base: 48, md: 56 }} align="center">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="lg" align="flex-start">
              <Badge variant="light" size="lg" radius="xl" leftSection={<IconSparkles size={14} />} tt="none" fw={600}>
                {t('landing.hero.eyebrow')}
              </Badge>
              <Title order={1} fz={{ base: 36, sm: 46, lg: 54 }} lh={1.08} style={{ letterSpacing: '-0.02em' }}>
                <Trans
                  i18nKey="landing.hero.title"
                  components={{
                    highlight: <Text span inherit variant="gradient" gradient={{ from: 'brand.6', to: 'violet.6', deg: 90 }} />,
                  }}
                />
              </Title>
              <Text fz={{ base: 'md', sm: 'lg' }} c="dark.4" maw={540} lh={1.6}>
                {t('landing.hero.subtitle')}
              </Text>
              <Flex direction={{ base: 'column', xs: 'row' }} gap="sm" w={{ base: '100%', xs: 'auto' }}>
                <Button size="lg" onClick={start}>
                  {t('landing.hero.startFree')}
                </Button>
                <RouterButton to="/discover" size="lg" variant="default" leftSection={<IconCompass size={20} />}>
                  {t('landing.hero.explore')}
                </RouterButton>
              </Flex>
              <Group component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
                {assurances.map((text) => (
                  <Group component="li" key={text} gap={6} wrap="nowrap">
                    <ThemeIcon size={18} radius="xl" color="teal" variant="light" aria-hidden>
                      <IconCheck size={12} stroke={3} />
                    </ThemeIcon>
                    <Text size="sm" c="dark.4">
                      {text}
                    </Text>
                  </Group>
                ))}
              </Group>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }} visibleFrom="md">
            <StaticPart>
              <HeroPreview />
            </StaticPart>
          </Grid.Col>
        </Grid>
      </Container>
    </Box>
  );
}
