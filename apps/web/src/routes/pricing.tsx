import { Box, Container } from '@mantine/core';
import { PLAN } from '@app/shared/constants';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Footer } from '../components/Footer.tsx';
import { HydratesApart } from '../components/HydratesApart.tsx';
import { PricingPlans } from '../components/PricingPlans.tsx';
import classes from './-components/landing/Landing.module.css';
import { PricingFaq } from './-components/landing/PricingFaq.tsx';
import { SectionHeading } from './-components/landing/SectionHeading.tsx';
import { useStartCommunity } from './-components/landing/useStartCommunity.ts';

/** The plan on its own page; /Pricing reaches it too, as routes match case-insensitively. */
export const Route = createFileRoute('/pricing')({
  component: PricingPage,
});

function PricingPage() {
  const { t } = useTranslation();
  const start = useStartCommunity();
  return (
    <>
      <title>{t('pricing.documentTitle')}</title>
      <HydratesApart>
        <Box className={classes.hero}>
          <Container size="lg" pt={{ base: 48, sm: 80 }} pb={{ base: 40, sm: 64 }}>
            <SectionHeading
              order={1}
              eyebrow={t('pricing.page.eyebrow')}
              title={t('pricing.page.title')}
              subtitle={t('pricing.page.subtitle', { days: PLAN.trialDays })}
            />
            <Box mt={{ base: 36, sm: 56 }}>
              <PricingPlans onStart={start} />
            </Box>
          </Container>
        </Box>
      </HydratesApart>
      <HydratesApart>
        <PricingFaq />
      </HydratesApart>
      <Footer />
    </>
  );
}
