import { ActionIcon, Menu, Text } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The top bar's messages dropdown; conversations fill it once private chat exists. */
export function MessagesMenu() {
  const { t } = useTranslation();
  return (
    <Menu width={256} position="bottom-end" shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" radius="xl" aria-label={t('nav.messages')}>
          <IconMessageCircle size={22} stroke={1.7} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('nav.messages')}</Menu.Label>
        <Text size="sm" c="dimmed" px="sm" py="md" ta="center">
          {t('nav.noMessages')}
        </Text>
      </Menu.Dropdown>
    </Menu>
  );
}
