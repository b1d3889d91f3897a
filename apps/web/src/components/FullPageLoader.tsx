import { useTranslation } from 'react-i18next';
import { Loading } from './Loading.tsx';

export function FullPageLoader() {
  const { t } = useTranslation();
  return (
    <Loading mih="60vh" label={t('common.loading')} />
  );
}
