import { Group, Paper, Stack, Title, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './offscreen.module.css';

/**
 * A card of the community page's sidebar: a section named by its heading (`titleId`), an optional
 * action beside the heading ('View all', 'Add'), and its content.
 */
export function SideCard({ titleId, title, action, gap = 'md', children }: { titleId: string; title: ReactNode; action?: ReactNode; gap?: MantineSpacing; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby={titleId} className={classes.offscreen}>
      <Stack gap={gap}>
        <Group justify="space-between" align="center">
          <Title order={2} fz="md" id={titleId}>
            {title}
          </Title>
          {action}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
