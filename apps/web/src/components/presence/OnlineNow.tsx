import { Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useOnlineCount } from './context.ts';

/** The sidebar's 'N members online now', live (PresenceProvider); nothing until the count is known. */
export function OnlineNow() {
  const { t } = useTranslation();
  const count = useOnlineCount();
  if (count === undefined) return null;
  return (
    <Paper withBorder radius="lg" px="lg" py="sm" component="section" aria-label={t('presence.title')}>
      <Group gap="xs" wrap="nowrap">
        <span
          aria-hidden="true"
          style={{
            width: 10,
            height: 10,
            borderRadius: '50%',
            flex: 'none',
            background: 'var(--mantine-color-green-6)',
          }}
        />
        <Text size="sm" fw={600} role="status" data-testid="online-count">
          {t('presence.count', { count })}
        </Text>
      </Group>
    </Paper>
  );
}
