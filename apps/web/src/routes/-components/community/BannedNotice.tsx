import { Alert, Container, Stack } from '@mantine/core';
import { IconBan, IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterButton } from '../../../components/RouterLinks.tsx';

/** A community page that cannot be shown: why, in an alert, and the way back to Discover. */
export function CommunityNotice({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Container size="sm" py={{ base: 'lg', sm: 40 }}>
      <Stack gap="md">
        <Alert color="red" icon={icon} role="alert" title={title}>
          {children}
        </Alert>
        <div>
          <RouterButton to="/" variant="subtle" color="gray" px={4} leftSection={<IconArrowLeft className="mirror-rtl" size={16} />}>
            {t('communityPage.backToDiscover')}
          </RouterButton>
        </div>
      </Stack>
    </Container>
  );
}

/** What a person banned from a community sees in its place (the server shows them nothing of it). */
export function BannedNotice() {
  const { t } = useTranslation();
  return (
    <CommunityNotice icon={<IconBan />} title={t('bans.youAreBannedTitle')}>
      {t('bans.youAreBannedBody')}
    </CommunityNotice>
  );
}
