import { Container, Group, Select, Stack, Tabs } from '@mantine/core';
import type { Category, CommunityLanguage } from '@app/shared/constants';
import { useDebouncedValue } from '@mantine/hooks';
import { IconUsers, IconUsersGroup, IconWorld } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CategoryChips } from '../../../components/CategoryChips.tsx';
import { languageOptions } from '../../../lib/labels.ts';
import { CommunityResults } from './CommunityResults.tsx';
import { DiscoverHeader } from './DiscoverHeader.tsx';
import { PeopleResults } from './PeopleResults.tsx';
import { SearchField } from './SearchField.tsx';

type Tab = 'communities' | 'people';
const ALL_LANGUAGES = 'all';
const SEARCH_DEBOUNCE_MS = 300;

/** The home page for signed-in people, and /discover for everyone (spec section 2, 'Discover page'). */
export function Discover() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('communities');
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<Category | null>(null);
  const [language, setLanguage] = useState<CommunityLanguage | null>(null);
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  // Clearing the text shows everything at once; typing waits for a pause.
  const term = search.trim() === '' ? '' : debounced;

  function switchTab(next: string | null) {
    if (next !== 'communities' && next !== 'people') return;
    setTab(next);
    setSearch('');
  }

  const languageFilter = [{ value: ALL_LANGUAGES, label: t('discover.filters.allLanguages') }, ...languageOptions(t)];

  return (
    <Container size="lg" py={{ base: 'lg', sm: 40 }}>
      <Stack gap="lg">
        <DiscoverHeader />
        <Tabs value={tab} onChange={switchTab} keepMounted={false} variant="pills" radius="xl">
          <Tabs.List aria-label={t('discover.tabs.label')} mb="md">
            <Tabs.Tab value="communities" leftSection={<IconUsersGroup size={18} aria-hidden="true" />}>
              {t('discover.tabs.communities')}
            </Tabs.Tab>
            <Tabs.Tab value="people" leftSection={<IconUsers size={18} aria-hidden="true" />}>
              {t('discover.tabs.people')}
            </Tabs.Tab>
          </Tabs.List>

          <Stack gap="sm" mb="lg">
            <Group gap="sm" align="stretch" wrap="wrap">
              <SearchField
                value={search}
                onChange={setSearch}
                label={t(tab === 'communities' ? 'discover.search.communitiesLabel' : 'discover.search.peopleLabel')}
                placeholder={t(tab === 'communities' ? 'discover.search.communitiesPlaceholder' : 'discover.search.peoplePlaceholder')}
              />
              {tab === 'communities' && (
                <Select
                  aria-label={t('discover.filters.language')}
                  data={languageFilter}
                  value={language ?? ALL_LANGUAGES}
                  onChange={(value) => setLanguage(!value || value === ALL_LANGUAGES ? null : (value as CommunityLanguage))}
                  allowDeselect={false}
                  leftSection={<IconWorld size={18} aria-hidden="true" />}
                  size="md"
                  radius="xl"
                  w={{ base: '100%', xs: 210 }}
                  comboboxProps={{ shadow: 'md' }}
                />
              )}
            </Group>
            <CategoryChips value={category} onChange={setCategory} />
          </Stack>

          <Tabs.Panel value="communities">
            <CommunityResults search={term} category={category} language={language} />
          </Tabs.Panel>
          <Tabs.Panel value="people">
            <PeopleResults search={term} category={category} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}
