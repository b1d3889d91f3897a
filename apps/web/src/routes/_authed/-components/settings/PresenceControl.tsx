import { Alert, Paper, Stack, Switch, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../../../lib/auth.ts';
import { useTRPC } from '../../../../lib/trpc.ts';

/**
 * 'Hide my online status', saved as it is switched: hidden, the person is in no community's online
 * count and shows no dot; they still see who else is online.
 */
export function PresenceControl() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const me = useMe();
  const save = useMutation(
    trpc.profiles.hidePresence.mutationOptions({
      onSuccess: ({ hidden }) => queryClient.setQueryData(trpc.profiles.me.queryKey(), (profile) => profile && { ...profile, hidePresence: hidden }),
    }),
  );
  const hidden = save.isPending ? save.variables.hidden : (me.data?.hidePresence ?? false);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="presence-heading">
      <Stack gap="sm">
        <Text fw={700} id="presence-heading" component="h3" m={0}>
          {t('presence.hide.heading')}
        </Text>
        <Switch
          checked={hidden}
          onChange={(event) => save.mutate({ hidden: event.currentTarget.checked })}
          disabled={!me.data}
          label={t('presence.hide.label')}
          description={t('presence.hide.description')}
        />
        {save.isError && (
          <Alert color="red" variant="light" role="alert">
            {t('presence.hide.failed')}
          </Alert>
        )}
        {save.isSuccess && (
          <Text size="sm" c="teal" role="status">
            {t('presence.hide.saved')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
