import { Alert, Container, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { COURSE_MESSAGES } from '@app/shared/courses';
import { IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
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
import { moduleOfOverview, overviewKey } from './pages.ts';

/**
 * The learning view: the outline on the left (first module open, its first lesson selected), the
 * lesson (or a module's own page: its text, video and files) on the right.
 */
export function CourseLearningPage({ courseId, moduleId }: { courseId: string; moduleId?: string }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const course = useQuery(courseQueryOptions(trpc, courseId));
  useLiveCourses(course.data?.communityId);
  const [chosen, setChosen] = useState<string | null>(null);

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
  // Pages in reading order (a module's overview, then its lessons), those of locked modules left out.
  const open = data.modules.filter((module) => !module.locked).flatMap((module) => [...(module.hasOverview ? [overviewKey(module.id)] : []), ...module.lessons.map((lesson) => lesson.id)]);
  const first = data.modules[0]?.locked ? null : (data.modules[0]?.lessons[0]?.id ?? open[0] ?? null);
  // A linked module (?module=) opens on its own page, or else its first lesson.
  const linked = data.modules.find((module) => module.id === moduleId && !module.locked);
  const start = linked ? (linked.hasOverview ? overviewKey(linked.id) : (linked.lessons[0]?.id ?? first)) : first;
  const selected = chosen && open.includes(chosen) ? chosen : start;
  const at = selected ? open.indexOf(selected) : -1;
  const around = { previous: open[at - 1] ?? null, next: open[at + 1] ?? null, onSelect: setChosen };
  const overviewOf = selected ? moduleOfOverview(selected) : null;

  return (
    <Container size="xl" py={{ base: 'md', sm: 'xl' }}>
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
