import { Box, Button, Container, Stack, Text, Title } from '@mantine/core';
import { PLAN } from '@app/shared/constants';
import { useReducedMotion } from '@mantine/hooks';
import { IconArrowUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './Landing.module.css';
import { PRICING_ID } from './PricingSection.tsx';
import '../../../i18n/landing.ts';

/** The closing call to action: scrolls back up to the pricing section. */
export function ClosingCta() {
  const { t } = useTranslation();
  const reduceMotion = useReducedMotion();
  function showPricing() {
    const pricing = document.getElementById(PRICING_ID);
    pricing?.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
    pricing?.querySelector<HTMLElement>('[role="radiogroup"] input:checked')?.focus({ preventScroll: true });
  }
  return (
    <Box component="section" className={classes.cta} aria-labelledby="cta-heading">
      <Container size="md" py={{ base: 56, sm: 80 }}>
        <Stack align="center" ta="center" gap="lg">
          <Title order={2} id="cta-heading" c="white" fz={{ base: 28, sm: 38 }} lh={1.15}>
            {t('landing.cta.title')}
          </Title>
          <Text c="brand.0" fz={{ base: 'md', sm: 'lg' }} maw={560} lh={1.6}>
            {t('landing.cta.body', { days: PLAN.trialDays })}
          </Text>
          <Button size="lg" variant="white" color="brand.8" onClick={showPricing} rightSection={<IconArrowUp size={18} />}>
            {t('landing.cta.button')}
          </Button>
        </Stack>
      </Container>
    </Box>
  );
}
