import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A member tab's card (members, join requests): its heading over what it lists. */
export function ListPanel({ heading, children }: { heading: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Title order={2} fz="xl">
          {heading}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
