import { Avatar, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useMatch } from '@tanstack/react-router';
import { useState } from 'react';
import { useTRPC } from '../lib/trpc.ts';

/**
 * Beside the app logo while a community page is open: the community's logo (left out if it fails
 * to load) and name, linking back to its posts. Shares the page's `communities.byName` query.
 * Loaded lazily by TopBar, on community pages only.
 */
export default function SelectedCommunity() {
  const match = useMatch({ from: '/community/$communityName', shouldThrow: false });
  const name = match?.params.communityName ?? '';
  const trpc = useTRPC();
  const community = useQuery({ ...trpc.communities.byName.queryOptions({ name }), enabled: name !== '', retry: false });
  const [logoFailed, setLogoFailed] = useState<string | null>(null);
  if (!community.data) return null;
  const { logoUrl } = community.data;
  return (
    <Link to="/community/$communityName" params={{ communityName: community.data.name }} aria-label={community.data.name} style={{ minWidth: 0, color: 'inherit', textDecoration: 'none' }}>
      <Group gap={8} wrap="nowrap" miw={0} ps="sm" style={{ borderInlineStart: '1px solid var(--mantine-color-gray-3)' }}>
        {logoUrl && logoFailed !== logoUrl && (
          <Avatar src={logoUrl} size={28} radius="sm" alt="" imageProps={{ onError: () => setLogoFailed(logoUrl) }} />
        )}
        {/* Written in its own direction, so a long Latin name loses its end, not its start, in Arabic. */}
        <Text fw={600} size="sm" truncate="end" maw={{ base: 120, sm: 260 }} dir="auto">
          {community.data.name}
        </Text>
      </Group>
    </Link>
  );
}
