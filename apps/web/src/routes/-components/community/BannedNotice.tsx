import { Alert, Container, Stack } from '@mantine/core';
import { IconBan, IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RouterButton } from '../../../components/RouterLinks.tsx';

/** What a person banned from a community sees in its place (the server shows them nothing of it). */
export function BannedNotice() {
  const { t } = useTranslation();
  return (
    <Container size="sm" py={{ base: 'lg', sm: 40 }}>
      <Stack gap="md">
        <Alert color="red" icon={<IconBan />} role="alert" title={t('bans.youAreBannedTitle')}>
          {t('bans.youAreBannedBody')}
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
