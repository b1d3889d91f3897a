import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommunityCardData } from '../../../../components/CommunityCard.tsx';
import { CommunityGrid } from '../../../../components/CommunityGrid.tsx';
import { formatCount } from '../../../../lib/format.ts';

interface CommunitySectionProps {
  title: string;
  description?: string;
  communities: CommunityCardData[];
  /** What an empty list says, with a way forward; null hides the empty state. */
  empty: { text: string; action: ReactNode } | null;
}

/** A titled grid of community cards, or its empty state. */
export function CommunitySection({ title, description, communities, empty }: CommunitySectionProps) {
  useTranslation(); // the count is in the interface's language: render again when it changes
  return (
    <Stack gap="md" component="section" aria-label={title}>
      <div>
        <Group gap="xs">
          <Title order={2} fz={22}>
            {title}
          </Title>
          {communities.length > 0 && (
            <Badge variant="light" color="gray" radius="sm">
              {formatCount(communities.length)}
            </Badge>
          )}
        </Group>
        {description && (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        )}
      </div>
      {communities.length > 0 ? (
        <CommunityGrid communities={communities} label={title} />
      ) : (
        empty && (
          <Paper withBorder radius="lg" p="xl" bg="white" style={{ borderStyle: 'dashed' }}>
            <Stack align="center" gap="sm" ta="center">
              <Text c="dimmed">{empty.text}</Text>
              {empty.action}
            </Stack>
          </Paper>
        )
      )}
    </Stack>
  );
}
