import { closeAccountInput } from '@app/shared/deletion';
import { eraseDate } from '@app/shared/plain/deletion';
import { Alert, Button, List, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverText } from '../../../../i18n/server-text.ts';
import { dateFormat } from '../../../../lib/format.ts';
import { useTRPC } from '../../../../lib/trpc.ts';
import { useDialogFocusReturn } from '../../../../lib/useDialogFocusReturn.ts';
import { OwnedCommunityRow } from './OwnedCommunityRow.tsx';
import { SettingsCard } from './SettingsCard.tsx';

/**
 * 'Delete my account': a button that opens a dialog saying what happens (closed at once, erased
 * after ACCOUNT_ERASE_DAYS, restorable until then), confirmed by typing one's username. An owner
 * first hands over or deletes each community they own (listed in the dialog).
 */
export function DeleteAccountSection({ username }: { username: string }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <SettingsCard title={t('deletion.title')} description={t('deletion.hint')} danger>
      <Button color="red" variant="light" onClick={() => setOpened(true)}>
        {t('deletion.open')}
      </Button>
      {opened && <DeleteAccountDialog username={username} onClose={() => setOpened(false)} />}
    </SettingsCard>
  );
}

function DeleteAccountDialog({ username, onClose }: { username: string; onClose: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  useDialogFocusReturn(true);
  const status = useQuery(trpc.deletion.status.queryOptions());
  const [typed, setTyped] = useState('');
  const close = useMutation(
    trpc.deletion.close.mutationOptions({
      // Every session ended with the account: the app starts again as a visitor.
      onSuccess: () => window.location.assign('/'),
    }),
  );
  const owned = status.data?.ownedCommunities ?? [];
  const matches = closeAccountInput.safeParse({ username: typed }).success && typed.trim().toLowerCase() === username.toLowerCase();
  const erase = dateFormat({ dateStyle: 'long' }).format(eraseDate(new Date()));
  return (
    <Modal opened onClose={close.isPending ? () => {} : onClose} title={<Text fw={700}>{t('deletion.dialogTitle')}</Text>} centered radius="lg" returnFocus={false} closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Stack gap="md">
        {owned.length > 0 ? (
          <Stack gap="sm">
            <Alert color="orange" variant="light">
              {t('deletion.owned.intro')}
            </Alert>
            {owned.map((community) => (
              <OwnedCommunityRow key={community.id} community={community} onDone={() => void status.refetch()} />
            ))}
          </Stack>
        ) : (
          <>
            <List size="sm" spacing={6}>
              <List.Item>{t('deletion.closed')}</List.Item>
              <List.Item>{t('deletion.paid')}</List.Item>
              <List.Item>{t('deletion.erased', { date: erase })}</List.Item>
              <List.Item>{t('deletion.restoreUntil')}</List.Item>
            </List>
            <TextInput
              label={t('deletion.confirmLabel', { username })}
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              autoComplete="off"
              spellCheck={false}
              maxLength={64}
              data-autofocus
            />
          </>
        )}
        {close.error && (
          <Alert color="red" role="alert" p="xs">
            {serverText(close.error.message)}
          </Alert>
        )}
        <Stack gap="xs">
          <Button color="red" disabled={owned.length > 0 || !matches || status.isPending} loading={close.isPending} onClick={() => close.mutate({ username: typed.trim() })}>
            {t('deletion.confirm')}
          </Button>
          <Button variant="default" onClick={onClose} disabled={close.isPending}>
            {t('deletion.cancel')}
          </Button>
        </Stack>
      </Stack>
    </Modal>
  );
}
