import { Alert, Container, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { COURSE_MESSAGES } from '@app/shared/plain/courses';
import { IconPencil } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FullPageLoader } from '../../../components/FullPageLoader.tsx';
import { RouterButton } from '../../../components/RouterLinks.tsx';
import { serverText } from '../../../i18n/server-text.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { courseQueryOptions } from '../courses/queries.ts';
import { BackToCourses } from '../courses/BackToCourses.tsx';
import { useLiveCourses } from '../courses/useLiveCourses.ts';
import { CourseOutline } from './CourseOutline.tsx';
import { LessonPanel } from './LessonPanel.tsx';
import { ModulePanel } from './ModulePanel.tsx';
import { moduleOfOverview, pagesOf } from './pages.ts';
import { prefetchCoursePage } from './prefetch.ts';

/**
 * The learning view: the outline on the left (first module open, its first lesson selected), the
 * lesson (or a module's own page: its text, video and files) on the right.
 */
export function CourseLearningPage({ courseId, moduleId, lessonId }: { courseId: string; moduleId?: string; lessonId?: string }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const course = useQuery(courseQueryOptions(trpc, courseId));
  useLiveCourses(course.data?.communityId);
  const [chosen, setChosen] = useState<string | null>(lessonId ?? null);
  // The next page's text is fetched while this one is read, so 'Next' opens at once.
  usePrefetchPage(course.data ? pagesOf(course.data, moduleId, chosen).next : null);

  if (course.isPending) return <FullPageLoader />;
  if (course.isError) {
    const notFound = course.error.data?.code === 'NOT_FOUND';
    return (
      <Container size="sm" py="xl">
        <Alert color={notFound ? 'gray' : 'red'} role="alert">
          {serverText(notFound ? COURSE_MESSAGES.notFound : COURSE_MESSAGES.loadFailed)}
        </Alert>
      </Container>
    );
  }
  const data = course.data;
  const { selected, ...pages } = pagesOf(data, moduleId, chosen);
  const around = { ...pages, onSelect: setChosen };
  const overviewOf = selected ? moduleOfOverview(selected) : null;

  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <BackToCourses communityName={data.communityName} />
          <Title order={1} fz={{ base: 24, sm: 32 }}>
            {data.title}
          </Title>
          <Text c="dimmed" dir="auto">
            {data.description}
          </Text>
          {data.isOwner && (
            <RouterButton to="/edit-course/$courseId" params={{ courseId }} variant="light" size="xs" leftSection={<IconPencil size={14} />} style={{ alignSelf: 'flex-start' }}>
              {t('courseEditor.edit')}
            </RouterButton>
          )}
        </Stack>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <CourseOutline course={data} selected={selected} onSelect={setChosen} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            {overviewOf ? (
              <ModulePanel moduleId={overviewOf} {...around} />
            ) : selected ? (
              <LessonPanel lessonId={selected} {...around} />
            ) : (
              <Paper withBorder radius="lg" p="xl">
                <Text c="dimmed" ta="center">
                  {t('courses.view.select')}
                </Text>
              </Paper>
            )}
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}

/** Fetches a lesson's (or a module page's) content before it is opened; a refusal (a locked module) stays unshown. */
function usePrefetchPage(page: string | null) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (page) void prefetchCoursePage(queryClient, trpc, page);
  }, [page, queryClient, trpc]);
}
