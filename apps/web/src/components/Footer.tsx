import { Box, Container, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSyncExternalStore } from 'react';
import { formatDate, renderedYear } from '../lib/format.ts';
import { HydratesApart } from './HydratesApart.tsx';
import { LanguagePicker } from './LanguagePicker.tsx';
import { RouterAnchor } from './RouterLinks.tsx';
import '../i18n/landing.ts';

// The pricing link says 'Plans': the top bar already has a 'Pricing' link, and one name per destination
// keeps links findable by role and name.
const LINKS = [
  { to: '/pricing', label: 'footer.plans' },
  { to: '/subscription-terms', label: 'footer.subscriptionTerms' },
  { to: '/privacy-policy', label: 'footer.privacyPolicy' },
  { to: '/terms-of-use', label: 'footer.termsOfUse' },
  { to: '/refund-policy', label: 'footer.refundPolicy' },
] as const;

/** The marketing pages' footer: pricing and the legal pages. */
export function Footer() {
  return (
    <HydratesApart>
      <FooterContent />
    </HydratesApart>
  );
}

const thisYear = () => new Date().getFullYear();
/** Nothing tells the footer the year has changed: a page open at midnight on New Year's Eve shows it on its next render. */
const unchanging = () => () => {};

function FooterContent() {
  const { t } = useTranslation();
  // This year, written as the first day of it in UTC: the same moment everywhere, so a page rendered
  // ahead of time carries the text (lib/format.ts) and the browser builds no date formatter to hydrate it.
  // Hydrated with the year the page was written in; then, if a new one has begun since, with that.
  const year = formatDate(Date.UTC(useSyncExternalStore(unchanging, thisYear, renderedYear), 0, 1), 'year', { timeZone: 'UTC' });
  return (
    <Box component="footer" bg="white" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <Container size="lg" py={{ base: 'xl', sm: 40 }}>
        <Group justify="space-between" align="flex-start" gap="xl">
          <Stack gap={6} maw={340}>
            <Group gap={8} wrap="nowrap">
              <img src="/favicon.svg" alt="" width={24} height={24} />
              <Text fw={800}>{t('app.name')}</Text>
            </Group>
            <Text size="sm" c="dimmed">
              {t('app.tagline')}
            </Text>
          </Stack>
          <Box component="nav" aria-label={t('footer.navLabel')}>
            <Group component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
              {LINKS.map((link) => (
                <li key={link.to}>
                  <RouterAnchor to={link.to} size="sm" c="dark.4" underline="hover">
                    {t(link.label)}
                  </RouterAnchor>
                </li>
              ))}
            </Group>
          </Box>
        </Group>
        <Group justify="space-between" align="center" gap="md" mt="xl">
          <Text size="xs" c="dimmed">
            {t('footer.copyright', { year })}
          </Text>
          <LanguagePicker size="xs" />
        </Group>
      </Container>
    </Box>
  );
}
