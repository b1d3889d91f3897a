import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RouterButton } from '../../../components/RouterLinks.tsx';

/** 'Back to courses': the community's courses tab, from the learning view and the editor. */
export function BackToCourses({ communityName }: { communityName: string }) {
  const { t } = useTranslation();
  return (
    <RouterButton
      to="/community/$communityName"
      params={{ communityName }}
      search={{ tab: 'courses' }}
      variant="subtle"
      color="gray"
      px={6}
      leftSection={<IconArrowLeft className="mirror-rtl" size={16} />}
      style={{ alignSelf: 'flex-start' }}
    >
      {t('courses.view.back')}
    </RouterButton>
  );
}
