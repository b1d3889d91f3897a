import { Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { RouterButton } from '../../../components/RouterLinks.tsx';
import { rememberRedirect } from '../../../lib/auth.ts';

/** For visitors: why to log in, and a Login button that brings them back here afterwards. */
export function LoginPrompt({ message }: { message: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }}>
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden="true">
          <IconLock size={28} />
        </ThemeIcon>
        <Text fw={600} fz="lg" role="status">
          {message}
        </Text>
        <RouterButton to="/login" onClick={() => rememberRedirect(location.href)} radius="xl">
          {t('partners.dashboard.loginButton')}
        </RouterButton>
      </Stack>
    </Paper>
  );
}
