import { Alert, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { eraseDate } from '@app/shared/plain/deletion';
import { useMutation } from '@tanstack/react-query';
import { createFileRoute, Navigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { FullPageLoader } from '../components/FullPageLoader.tsx';
import { serverText } from '../i18n/server-text.ts';
import { useMe, useSignOut } from '../lib/auth.ts';
import { dateFormat } from '../lib/format.ts';
import { useTRPC } from '../lib/trpc.ts';

export const Route = createFileRoute('/restore-account')({
  component: RestoreAccountPage,
});

/**
 * Where a closed account lands after signing in again (ClosedAccountGate sends it here): when it
 * will be erased, 'Restore my account', or signing out. Anyone else is sent home.
 */
function RestoreAccountPage() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const me = useMe();
  const signOut = useSignOut();
  // Restored: the app starts again with the account open (its sockets and caches made anew).
  const restore = useMutation(trpc.deletion.restore.mutationOptions({ onSuccess: () => window.location.assign('/') }));
  if (me.isPending) return <FullPageLoader />;
  const closedAt = me.data?.closedAt;
  if (!closedAt) return <Navigate to="/" replace />;
  const format = dateFormat({ dateStyle: 'long' });
  return (
    <Container size="sm" py={{ base: 'lg', sm: 60 }}>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <Title order={1} size="h2">
            {t('deletion.restore.title')}
          </Title>
          <Text>{t('deletion.restore.body', { closed: format.format(closedAt), erase: format.format(eraseDate(closedAt)) })}</Text>
          <Text c="dimmed">{t('deletion.restore.hint')}</Text>
          {restore.error && (
            <Alert color="red" role="alert" p="xs">
              {serverText(restore.error.message)}
            </Alert>
          )}
          <Stack gap="xs">
            <Button size="md" loading={restore.isPending} onClick={() => restore.mutate()}>
              {t('deletion.restore.action')}
            </Button>
            <Button size="md" variant="default" loading={signOut.isPending} onClick={() => signOut.mutate()}>
              {t('deletion.restore.signOut')}
            </Button>
          </Stack>
        </Stack>
      </Paper>
    </Container>
  );
}
