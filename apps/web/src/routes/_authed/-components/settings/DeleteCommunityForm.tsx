import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverText } from '../../../../i18n/server-text.ts';
import { useTRPC } from '../../../../lib/trpc.ts';

/** 'Delete community' inside the deletion dialog: the owner types the community's name to delete it for good. */
export function DeleteCommunityForm({ community, onDone }: { community: { id: string; name: string }; onDone: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const [typed, setTyped] = useState('');
  const remove = useMutation(trpc.communities.delete.mutationOptions({ onSuccess: onDone }));
  const matches = typed.trim().toLowerCase() === community.name.trim().toLowerCase();
  return (
    <Stack gap="xs">
      <TextInput
        label={t('deletion.owned.deleteConfirmLabel', { name: community.name })}
        value={typed}
        onChange={(event) => setTyped(event.currentTarget.value)}
        autoComplete="off"
        maxLength={200}
      />
      <Button color="red" variant="light" disabled={!matches} loading={remove.isPending} onClick={() => remove.mutate({ communityId: community.id, name: typed })}>
        {t('deletion.owned.deleteConfirm', { name: community.name })}
      </Button>
      {remove.error && (
        <Alert color="red" role="alert" p="xs">
          {serverText(remove.error.message)}
        </Alert>
      )}
    </Stack>
  );
}
