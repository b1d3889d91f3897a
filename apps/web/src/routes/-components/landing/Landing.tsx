import { useTranslation } from 'react-i18next';
import { Footer } from '../../../components/Footer.tsx';
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
      <Hero />
      <Features />
      <PricingSection />
      <ClosingCta />
      <Footer />
    </>
  );
}
