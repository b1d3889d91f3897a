import { useBlocker } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './ConfirmDialog.tsx';

/**
 * While `shouldBlock()` says so, leaving asks first: the browser's own prompt on reload or close
 * (beforeunload), our dialog for in-app navigation (links, tabs, back).
 */
export function UnsavedChangesGuard({ shouldBlock }: { shouldBlock: () => boolean }) {
  const { t } = useTranslation();
  const blocker = useBlocker({ shouldBlockFn: shouldBlock, enableBeforeUnload: shouldBlock, withResolver: true });
  return (
    <ConfirmDialog
      opened={blocker.status === 'blocked'}
      title={t('communityPage.edit.unsavedTitle')}
      confirmLabel={t('communityPage.edit.leave')}
      cancelLabel={t('communityPage.edit.stay')}
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      {t('communityPage.edit.unsaved')}
    </ConfirmDialog>
  );
}
