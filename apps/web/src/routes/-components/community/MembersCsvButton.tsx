import { Button } from '@mantine/core';
import { membersCsvPath } from '@app/shared/plain/exports';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The owner's download of the community's members as CSV (name, username, joined, level, points, role, paid status). */
export function MembersCsvButton({ communityId }: { communityId: string }) {
  const { t } = useTranslation();
  return (
    <Button component="a" href={membersCsvPath(communityId)} download variant="light" size="compact-sm" leftSection={<IconFileSpreadsheet size={16} />}>
      {t('exports.membersCsv')}
    </Button>
  );
}
