import { ActionIcon, Alert, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { LazyTooltip } from '../LazyTooltip.tsx';
import { useDebouncedValue, useDisclosure, useMediaQuery } from '@mantine/hooks';
import { SEARCH_LIMITS, searchWords } from '@app/shared/plain/search';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTRPC } from '../../lib/trpc.ts';
import { SearchResults } from './SearchResults.tsx';

/**
 * The community page's search (issue 24): an icon button in the header opening a panel (full screen
 * on phones) that searches as one types, results grouped by kind, matched words marked.
 */
export function CommunitySearch({ community }: { community: { id: string; name: string } }) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <>
      <LazyTooltip label={t('search.open')} withArrow>
        <ActionIcon variant="default" size="lg" radius="xl" aria-label={t('search.open')} onClick={open}>
          <IconSearch size={18} />
        </ActionIcon>
      </LazyTooltip>
      <Modal opened={opened} onClose={close} title={t('search.title', { community: community.name })} size="lg" fullScreen={phone} radius="md">
        <SearchPanel communityId={community.id} communityName={community.name} onLeave={close} />
      </Modal>
    </>
  );
}

function SearchPanel({ communityId, communityName, onLeave }: { communityId: string; communityName: string; onLeave: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const [text, setText] = useState('');
  const [query] = useDebouncedValue(text.trim(), 250);
  const ready = query.length >= SEARCH_LIMITS.minQuery && searchWords(query).length > 0;
  const results = useQuery({
    ...trpc.search.community.queryOptions({ communityId, query }, { enabled: ready }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const data = ready ? results.data : undefined;
  const empty = data && ['posts', 'comments', 'members', 'courses', 'lessons'].every((kind) => data[kind as keyof typeof data].length === 0);

  return (
    <Stack gap="md">
      <TextInput
        data-autofocus
        type="search"
        label={t('search.label')}
        placeholder={t('search.placeholder')}
        leftSection={results.isFetching && ready ? <Loader size={14} /> : <IconSearch size={16} />}
        value={text}
        maxLength={SEARCH_LIMITS.maxQuery}
        onChange={(event) => setText(event.currentTarget.value)}
      />
      <div aria-live="polite">
        {!ready && <Text size="sm" c="dimmed">{t('search.hint')}</Text>}
        {ready && results.isError && <Alert color="red">{t('search.failed')}</Alert>}
        {empty && <Text size="sm" c="dimmed">{t('search.nothing', { query })}</Text>}
      </div>
      {data && !empty && <SearchResults results={data} communityName={communityName} onLeave={onLeave} />}
    </Stack>
  );
}
