import { Progress, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RouterAnchor } from '../../../components/RouterLinks.tsx';
import { useTRPC } from '../../../lib/trpc.ts';
import { coursesQueryOptions } from './queries.ts';
import { useTabLink } from '../../../lib/useTabLink.ts';
import { percentDone } from './types.ts';
import { useLiveCourses } from './useLiveCourses.ts';
import { SideCard } from '../../../components/SideCard.tsx';

/** The sidebar's educational-courses card: the newest courses with the viewer's progress, and 'View all'. */
export function CoursesCard({ communityId }: { communityId: string }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const tabLink = useTabLink();
  useLiveCourses(communityId);
  const courses = useQuery(coursesQueryOptions(trpc, communityId));
  const shown = courses.data?.slice(0, 4) ?? [];
  return (
    <SideCard
      titleId="courses-card-title"
      title={t('courses.card')}
      gap="sm"
      action={
        <RouterAnchor {...tabLink('courses')} size="sm" fw={600}>
          {t('courses.viewAll')}
        </RouterAnchor>
      }
    >
      {courses.data && shown.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('courses.none')}
        </Text>
      )}
      {shown.map((course) => (
        <Stack key={course.id} gap={4}>
          <RouterAnchor to="/course/$courseId" params={{ courseId: course.id }} size="sm" fw={600} c="var(--mantine-color-text)" lineClamp={1}>
            {course.title}
          </RouterAnchor>
          <Progress value={percentDone(course)} size="xs" radius="xl" aria-label={t('courses.progressLabel', { title: course.title })} />
        </Stack>
      ))}
    </SideCard>
  );
}
