import { Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';
import { Loading } from '../../../components/Loading.tsx';

/** The spinner a list shows while it loads. */
export function ListLoader({ label }: { label: string }) {
  return (
    <Loading py={64} label={label} />
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
