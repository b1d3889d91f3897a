import { Paper, Stack, Text } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/**
 * One thing a settings section offers, in a bordered card named by its heading: the heading, a dimmed
 * line that says what it does, then its controls. `danger` draws the border red (deleting the account).
 */
export function SettingsCard({ title, description, danger = false, children }: { title: string; description: string; danger?: boolean; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId} style={danger ? { borderColor: 'var(--mantine-color-red-3)' } : undefined}>
      <Stack gap="sm" align="flex-start">
        <Text fw={700} id={headingId} component="h3" m={0}>
          {title}
        </Text>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
        {children}
      </Stack>
    </Paper>
  );
}
