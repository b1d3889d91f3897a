import { Center, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';

/** The spinner a list shows while it loads. */
export function ListLoader({ label }: { label: string }) {
  return (
    <Center py={64} role="status" aria-label={label}>
      <Loader />
    </Center>
  );
}

/** An empty list: an icon, the message the spec quotes and an optional hint. */
export function EmptyResults({ icon, message, hint }: { icon: ReactNode; message: string; hint?: string }) {
  return (
    <Stack align="center" gap={6} py={56} px="md" ta="center">
      <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden="true">
        {icon}
      </ThemeIcon>
      <Text fw={600} mt="xs">
        {message}
      </Text>
      {hint && (
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      )}
    </Stack>
  );
}
