import { Box, Container } from '@mantine/core';
import { PLAN } from '@app/shared/constants';
import { useTranslation } from 'react-i18next';
import { PricingPlans } from '../../../components/PricingPlans.tsx';
import classes from './Landing.module.css';
import { SectionHeading } from './SectionHeading.tsx';
import { useStartCommunity } from './useStartCommunity.ts';
import '../../../i18n/landing.ts';

export const PRICING_ID = 'pricing';

/** The landing's pricing section; the closing call to action scrolls here. */
export function PricingSection() {
  const { t } = useTranslation();
  const start = useStartCommunity();
  return (
    <Box component="section" id={PRICING_ID} className={classes.pricingBand} aria-labelledby="pricing-heading">
      <Container size="lg" py={{ base: 56, sm: 88 }}>
        <SectionHeading
          eyebrow={t('landing.pricingSection.eyebrow')}
          title={t('landing.pricingSection.heading')}
          subtitle={t('landing.pricingSection.subheading', { days: PLAN.trialDays })}
          titleId="pricing-heading"
        />
        <Box mt={{ base: 36, sm: 56 }}>
          <PricingPlans onStart={start} />
        </Box>
      </Container>
    </Box>
  );
}
