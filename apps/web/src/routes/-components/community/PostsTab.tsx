import { Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The feed arrives with posting; until then the tab says plainly that there is nothing yet. */
export function PostsTab() {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }}>
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden="true">
          <IconMessageCircle size={28} />
        </ThemeIcon>
        <Text fw={700} fz="lg">
          {t('communityPage.posts.empty')}
        </Text>
        <Text c="dimmed" size="sm" maw={360}>
          {t('communityPage.posts.emptyHint')}
        </Text>
      </Stack>
    </Paper>
  );
}
