import { Badge } from '@mantine/core';
import type { CommunityRole } from '@app/shared/plain/roles';
import { useTranslation } from 'react-i18next';

const COLORS: Record<CommunityRole, string> = { owner: 'brand', admin: 'grape', moderator: 'teal', member: 'gray' };

/** A person's role in the community, as a badge. */
export function RoleBadge({ role }: { role: CommunityRole }) {
  const { t } = useTranslation();
  const labels: Record<CommunityRole, string> = {
    owner: t('communityPage.roles.owner'),
    admin: t('communityPage.roles.admin'),
    moderator: t('communityPage.roles.moderator'),
    member: t('communityPage.roles.member'),
  };
  return (
    <Badge variant="light" color={COLORS[role]} tt="none">
      {labels[role]}
    </Badge>
  );
}
