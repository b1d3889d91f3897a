import { IconLock } from '@tabler/icons-react';
import { useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { RouterButton } from '../../../components/RouterLinks.tsx';
import { rememberRedirect } from '../../../lib/auth.ts';
import { PromptCard } from './PartnerParts.tsx';

/** For visitors: why to log in, and a Login button that brings them back here afterwards. */
export function LoginPrompt({ message }: { message: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <PromptCard
      icon={<IconLock size={28} />}
      title={message}
      action={
        <RouterButton to="/login" onClick={() => rememberRedirect(location.href)} radius="xl">
          {t('partners.dashboard.loginButton')}
        </RouterButton>
      }
    />
  );
}
