import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../lib/format.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { CommunityLogo } from '../CommunityLogo.tsx';
import classes from './notifications.module.css';

/**
 * The bell's community summary: new posts by others in each of the person's communities since they
 * last opened its feed ('3 new posts in Bread Club'), each leading to that feed. Nothing while none.
 */
export function NewPostsSummary({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const summary = useQuery(trpc.notifications.summary.queryOptions());
  if (!summary.data?.length) return null;
  return (
    <section aria-labelledby="new-posts-heading" className={classes.summary}>
      <Text id="new-posts-heading" size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt={6} pb={2}>
        {t('notifications.newPosts.heading')}
      </Text>
      <ul className={classes.list}>
        {summary.data.map(({ community, newPosts }) => (
          <li key={community.id}>
            <Link to="/community/$communityName" params={{ communityName: community.name }} className={classes.item} onClick={onNavigate}>
              <CommunityLogo name={community.name} logoUrl={community.logoUrl} size={32} plain alt="" />
              <Text size="sm" className={classes.body}>
                {newPosts >= 100
                  ? t('notifications.newPosts.many', { community: community.name })
                  : t('notifications.newPosts.count', { count: newPosts, value: formatCount(newPosts), community: community.name })}
              </Text>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
