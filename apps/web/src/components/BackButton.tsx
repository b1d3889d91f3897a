import { IconArrowLeft } from '@tabler/icons-react';
import { RouterButton } from './RouterLinks.tsx';
import { useTranslation } from 'react-i18next';
import { type MemberTab } from '../lib/community-tabs.ts';
import { useTabLink } from '../lib/useTabLink.ts';

/** Every tab but posts starts with a way back (to posts, or to the about view from the edit form). */
export function BackButton({ to = 'posts' }: { to?: MemberTab }) {
  const { t } = useTranslation();
  const tabLink = useTabLink();
  return (
    <RouterButton
      {...tabLink(to)}
      variant="subtle"
      color="gray"
      px={6}
      leftSection={<IconArrowLeft className="mirror-rtl" size={16} />}
      style={{ alignSelf: 'flex-start' }}
    >
      {to === 'posts' ? t('communityPage.backToPosts') : t('communityPage.back')}
    </RouterButton>
  );
}
