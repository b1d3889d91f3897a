import { useTranslation } from 'react-i18next';
import { Footer } from '../../../components/Footer.tsx';
import { HydratesApart } from '../../../components/HydratesApart.tsx';
import { StaticPart } from '../../../components/StaticPart.tsx';
import { ClosingCta } from './ClosingCta.tsx';
import { Features } from './Features.tsx';
import { Hero } from './Hero.tsx';
import { PricingSection } from './PricingSection.tsx';
import '../../../i18n/landing.ts';

/** The landing page for signed-out visitors (spec section 2, Landing page). */
export function Landing() {
  const { t } = useTranslation();
  return (
    <>
      <title>{t('landing.documentTitle')}</title>
      <HydratesApart>
        <Hero />
      </HydratesApart>
      <StaticPart>
        <Features />
      </StaticPart>
      <HydratesApart>
        <PricingSection />
      </HydratesApart>
      <HydratesApart>
        <ClosingCta />
      </HydratesApart>
      <Footer />
    </>
  );
}
