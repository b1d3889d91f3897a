import { AspectRatio, Card, Group, SimpleGrid, Skeleton, Stack, type SimpleGridProps } from '@mantine/core';
import { CommunityCard, type CommunityCardData } from './CommunityCard.tsx';

interface CommunityGridProps extends Omit<SimpleGridProps, 'children'> {
  communities: CommunityCardData[];
  /** The list's accessible name. */
  label: string;
}

const COLUMNS = { base: 1, xs: 2, md: 3 };

/** Community cards in 1, 2 or 3 columns by width, as a list keyed by community id. */
export function CommunityGrid({ communities, label, ...props }: CommunityGridProps) {
  return (
    <SimpleGrid cols={COLUMNS} spacing="lg" role="list" aria-label={label} {...props}>
      {communities.map((community) => (
        <div role="listitem" key={community.id}>
          <CommunityCard community={community} />
        </div>
      ))}
    </SimpleGrid>
  );
}

/**
 * The grid while its first page loads: cards' shapes (the picture, the name, the members line, the
 * tags) in the same columns, so the page has its layout at once, a phone included, and nothing jumps
 * when the cards arrive. One status for screen readers, `label`.
 */
export function CommunityGridSkeleton({ label, count = 6 }: { label: string; count?: number }) {
  return (
    <SimpleGrid cols={COLUMNS} spacing="lg" role="status" aria-label={label} aria-busy>
      {Array.from({ length: count }, (_, index) => (
        <Card key={index} withBorder radius="lg" padding={0} aria-hidden="true">
          <AspectRatio ratio={16 / 9}>
            <Skeleton radius={0} />
          </AspectRatio>
          <Stack gap={12} p="md">
            <Skeleton h={18} w="70%" />
            <Group justify="space-between">
              <Skeleton h={12} w="40%" />
              <Skeleton h={12} w="20%" />
            </Group>
            <Group gap={6}>
              <Skeleton h={20} w={72} radius="xl" />
              <Skeleton h={20} w={56} radius="xl" />
            </Group>
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
