import { Container, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBan, IconBell, IconDatabaseExport, IconLanguage, IconUser } from '@tabler/icons-react';
import { LanguagePicker } from '../../../../components/LanguagePicker.tsx';
import { useTranslation } from 'react-i18next';
import { FullPageLoader } from '../../../../components/FullPageLoader.tsx';
import { RouterNavLink } from '../../../../components/RouterLinks.tsx';
import { useMe } from '../../../../lib/auth.ts';
import { BlockedPeople } from './BlockedPeople.tsx';
import { DeleteAccountSection } from './DeleteAccountSection.tsx';
import { DataExportSection } from './DataExportSection.tsx';
import { NotificationsForm } from './NotificationsForm.tsx';
import { PresenceControl } from './PresenceControl.tsx';
import { PushControl } from './PushControl.tsx';
import { ProfileForm } from './ProfileForm.tsx';
import { SectionHeading } from './SectionHeading.tsx';

type Section = 'profile' | 'notifications' | 'language' | 'blocked' | 'data';

export function SettingsPage({ section }: { section: Section }) {
  const { t } = useTranslation();
  const me = useMe();
  const items = [
    { key: 'profile', icon: IconUser },
    { key: 'notifications', icon: IconBell },
    { key: 'language', icon: IconLanguage },
    { key: 'blocked', icon: IconBan },
    { key: 'data', icon: IconDatabaseExport },
  ] as const;
  return (
    <Container size="lg" py={{ base: 'lg', sm: 40 }}>
      <Stack gap={4} mb="xl">
        <Title order={1}>{t('settings.title')}</Title>
        <Text c="dimmed">{t('settings.subtitle')}</Text>
      </Stack>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <nav aria-label={t('settings.menu.label')}>
            {items.map(({ key, icon: Icon }) => (
              <RouterNavLink
                key={key}
                to="/settings"
                search={{ section: key }}
                label={t(`settings.menu.${key}`)}
                leftSection={<Icon size={18} />}
                active={section === key}
                aria-current={section === key ? 'page' : undefined}
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
              />
            ))}
          </nav>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 9 }}>
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
            {!me.data ? (
              <FullPageLoader />
            ) : section === 'profile' ? (
              <Stack gap="xl">
                <ProfileForm profile={me.data} />
                <PresenceControl />
              </Stack>
            ) : section === 'notifications' ? (
              <Stack gap="xl">
                <NotificationsForm />
                <PushControl />
              </Stack>
            ) : section === 'blocked' ? (
              <BlockedPeople />
            ) : section === 'data' ? (
              <Stack gap="xl">
                <DataExportSection />
                <DeleteAccountSection username={me.data.username} />
              </Stack>
            ) : (
              <LanguageSection />
            )}
          </Paper>
        </Grid.Col>
      </Grid>
    </Container>
  );
}

function LanguageSection() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" align="flex-start">
      <SectionHeading title={t('settings.language.title')} description={t('settings.language.hint')} />
      <LanguagePicker size="md" />
    </Stack>
  );
}
