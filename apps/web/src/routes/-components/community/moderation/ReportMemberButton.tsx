import { ActionIcon } from '@mantine/core';
import { LazyTooltip } from '../../../../components/LazyTooltip.tsx';
import { IconFlag } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReportDialog } from '../../../../components/moderation/ReportDialog.tsx';
import type { CommunityMember } from '../../../../lib/community-types.ts';

/** 'Report' on a member in the members list (never on oneself): the report dialog, about them. */
export function ReportMemberButton({ communityId, member }: { communityId: string; member: CommunityMember }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const name = member.fullName ?? member.username;
  const label = t('moderation.report.member', { name });
  return (
    <>
      <LazyTooltip label={label} withArrow openDelay={300}>
        <ActionIcon variant="subtle" color="gray" aria-label={label} onClick={() => setOpen(true)}>
          <IconFlag size={16} />
        </ActionIcon>
      </LazyTooltip>
      <ReportDialog target={open ? { communityId, userId: member.userId } : null} title={t('moderation.report.memberTitle', { name })} onClose={() => setOpen(false)} />
    </>
  );
}
