import { Alert, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayName } from '../../../../components/PersonName.tsx';
import { serverText } from '../../../../i18n/server-text.ts';
import { useMe } from '../../../../lib/auth.ts';
import { useTRPC } from '../../../../lib/trpc.ts';
import { DeleteCommunityForm } from './DeleteCommunityForm.tsx';

interface OwnedCommunity {
  id: string;
  name: string;
}

/** One community the person owns, in the deletion dialog: 'Hand over' to one of its approved members, or 'Delete community'. */
export function OwnedCommunityRow({ community, onDone }: { community: OwnedCommunity; onDone: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const me = useMe();
  const members = useQuery(trpc.membership.members.queryOptions({ communityId: community.id, limit: 50 }));
  const [chosen, setChosen] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const handOver = useMutation(trpc.communities.transferOwnership.mutationOptions({ onSuccess: onDone }));
  const options = (members.data?.approved ?? []).filter((m) => m.userId !== me.data?.id).map((m) => ({ value: m.userId, label: displayName(m) }));
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="xs">
        <Text fw={600}>{community.name}</Text>
        {members.isSuccess && options.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('deletion.owned.noMembers', { name: community.name })}
          </Text>
        ) : (
          <Group align="flex-end" gap="xs" wrap="wrap">
            <Select
              label={t('deletion.owned.newOwner', { name: community.name })}
              placeholder={t('deletion.owned.newOwnerPlaceholder')}
              data={options}
              value={chosen}
              onChange={setChosen}
              searchable
              style={{ flex: 1, minWidth: 180 }}
            />
            <Button
              variant="light"
              aria-label={t('deletion.owned.handOverLabel', { name: community.name })}
              disabled={!chosen}
              loading={handOver.isPending}
              onClick={() => chosen && handOver.mutate({ communityId: community.id, userId: chosen })}
            >
              {t('deletion.owned.handOver')}
            </Button>
          </Group>
        )}
        {deleting ? (
          <DeleteCommunityForm community={community} onDone={onDone} />
        ) : (
          <Button variant="subtle" color="red" size="compact-sm" style={{ alignSelf: 'flex-start' }} aria-label={t('deletion.owned.deleteLabel', { name: community.name })} onClick={() => setDeleting(true)}>
            {t('deletion.owned.delete')}
          </Button>
        )}
        {handOver.error && (
          <Alert color="red" role="alert" p="xs">
            {serverText(handOver.error.message)}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
