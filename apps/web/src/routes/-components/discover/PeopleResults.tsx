import { Alert, Button, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Category } from '@app/shared/constants';
import { IconAlertCircle, IconUserSearch, IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PersonCard } from '../../../components/PersonCard.tsx';
import { serverText } from '../../../i18n/server-text.ts';
import { EmptyResults, ListLoader } from './ResultStates.tsx';
import { isNetworkError, usePeople } from './usePeople.ts';

/** The People tab: the newest 50 people matching the search, with the spec's retry messages. */
export function PeopleResults({ search, category }: { search: string; category: Category | null }) {
  const { t } = useTranslation();
  const query = usePeople(search, category);
  const retrying = query.isFetching && query.failureCount > 0 && isNetworkError(query.failureReason);

  if (retrying) {
    return (
      <Alert color="yellow" radius="lg" role="status" icon={<Loader size="xs" color="yellow" />}>
        {t('discover.people.retrying', { attempt: query.failureCount })}
      </Alert>
    );
  }
  if (query.isPending) return <ListLoader label={t('discover.people.loading')} />;
  if (query.isError) {
    const network = isNetworkError(query.error);
    return (
      <Alert color="red" radius="lg" role="alert" icon={network ? <IconWifiOff /> : <IconAlertCircle />}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{network ? t('discover.people.networkError') : serverText(query.error.message) || t('discover.people.failed')}</Text>
          {network && (
            <Button size="xs" color="red" onClick={() => void query.refetch()}>
              {t('discover.people.retryNow')}
            </Button>
          )}
        </Stack>
      </Alert>
    );
  }
  if (query.data.length === 0) return <EmptyResults icon={<IconUserSearch size={30} />} message={t('discover.people.empty')} />;

  return (
    <SimpleGrid
      cols={{ base: 1, xs: 2, sm: 3, md: 4 }}
      spacing="lg"
      role="list"
      aria-label={t('discover.people.results')}
      aria-busy={query.isPlaceholderData}
      style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
    >
      {query.data.map((person) => (
        <div role="listitem" key={person.id}>
          <PersonCard person={person} />
        </div>
      ))}
    </SimpleGrid>
  );
}
