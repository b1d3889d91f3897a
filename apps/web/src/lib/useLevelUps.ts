import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { useTranslation } from 'react-i18next';
import { useTRPC } from './trpc.ts';

/**
 * While signed in: a level reached in any community is congratulated as it happens, and that
 * community's boards and badges are fetched again.
 */
export function useLevelUps() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  useSubscription(
    trpc.levels.onLevelUp.subscriptionOptions(
      {},
      {
        onData: ({ data }) => {
          if (!('level' in data)) return;
          notifications.show({
            id: `level-up-${data.communityId}-${data.level}`,
            color: 'orange',
            title: t('levels.levelUp.title', { level: data.level }),
            message: t('levels.levelUp.body', { level: data.level, community: data.communityName }),
            autoClose: 8000,
          });
          void queryClient.invalidateQueries({ queryKey: trpc.levels.pathKey() });
        },
      },
    ),
  );
}
