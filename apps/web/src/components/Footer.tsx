import { Box, Container, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
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
  const { t, i18n } = useTranslation();
  const year = new Intl.DateTimeFormat(i18n.language, { year: 'numeric' }).format(new Date());
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
        <Text size="xs" c="dimmed" mt="xl">
          {t('footer.copyright', { year })}
        </Text>
      </Container>
    </Box>
  );
}
