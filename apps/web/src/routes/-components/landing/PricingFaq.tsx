import { Accordion, Container, Text, Title } from '@mantine/core';
import { PLAN } from '@app/shared/constants';
import { Trans, useTranslation } from 'react-i18next';
import { RouterAnchor } from '../../../components/RouterLinks.tsx';
import '../../../i18n/landing.ts';

/** Questions people ask before subscribing; shown on the pricing page. */
export function PricingFaq() {
  const { t } = useTranslation();
  const items = t('pricing.faq.items', { returnObjects: true }) as { question: string }[];
  return (
    <Container component="section" size="sm" py={{ base: 48, sm: 72 }} aria-labelledby="faq-heading">
      <Title order={2} id="faq-heading" ta="center" fz={{ base: 26, sm: 32 }} mb="xl">
        {t('pricing.faq.title')}
      </Title>
      <Accordion variant="separated" radius="md">
        {items.map((item, index) => (
          <Accordion.Item key={item.question} value={String(index)} bg="white">
            <Accordion.Control>
              <Text fw={600}>{item.question}</Text>
            </Accordion.Control>
            <Accordion.Panel>
              <Text c="dark.4" lh={1.65}>
                <Trans
                  i18nKey={`pricing.faq.items.${index}.answer`}
                  values={{ trialDays: PLAN.trialDays, moneyBackDays: PLAN.moneyBackDays }}
                  components={{ refund: <RouterAnchor to="/refund-policy" inherit /> }}
                />
              </Text>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Container>
  );
}
