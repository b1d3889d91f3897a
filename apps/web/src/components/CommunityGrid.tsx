import { SimpleGrid, type SimpleGridProps } from '@mantine/core';
import { CommunityCard, type CommunityCardData } from './CommunityCard.tsx';

interface CommunityGridProps extends Omit<SimpleGridProps, 'children'> {
  communities: CommunityCardData[];
  /** The list's accessible name. */
  label: string;
}

/** Community cards in 1, 2 or 3 columns by width, as a list keyed by community id. */
export function CommunityGrid({ communities, label, ...props }: CommunityGridProps) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" role="list" aria-label={label} {...props}>
      {communities.map((community) => (
        <div role="listitem" key={community.id}>
          <CommunityCard community={community} />
        </div>
      ))}
    </SimpleGrid>
  );
}
