import { Alert, Badge, Container, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { COURSE_MESSAGES } from '@app/shared/plain/courses';
import { IconEye, IconFileDescription, IconListDetails } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FullPageLoader } from '../../../components/FullPageLoader.tsx';
import { RouterButton } from '../../../components/RouterLinks.tsx';
import { serverText } from '../../../i18n/server-text.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { courseQueryOptions } from '../courses/queries.ts';
import { BackToCourses } from '../courses/BackToCourses.tsx';
import { courseCounts } from '../courses/types.ts';
import { useLiveCourses } from '../courses/useLiveCourses.ts';
import { CourseDetailsForm } from './CourseDetailsForm.tsx';

// The content tab's outline and panes (dnd-kit, resizable panels) load when it is first opened.
const ContentEditor = lazy(() => import('./ContentEditor.tsx').then((module) => ({ default: module.ContentEditor })));

type EditorTab = 'details' | 'content';

/**
 * /edit-course/{courseId}: the owner's editor, in two tabs. Anyone else is told 'You are not
 * authorized' (and every write is refused on the server all the same).
 */
export function CourseEditorPage({ courseId }: { courseId: string }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const course = useQuery(courseQueryOptions(trpc, courseId));
  useLiveCourses(course.data?.communityId);
  const [tab, setTab] = useState<EditorTab>('details');

  if (course.isPending) return <FullPageLoader />;
  if (course.isError || !course.data.isOwner) {
    const refused = course.isError ? course.error.data?.code : 'FORBIDDEN';
    const message = refused === 'NOT_FOUND' ? COURSE_MESSAGES.notFound : refused === 'FORBIDDEN' ? COURSE_MESSAGES.notAuthorized : COURSE_MESSAGES.loadFailed;
    return (
      <Container size="sm" py="xl">
        <Alert color={refused === 'FORBIDDEN' ? 'orange' : refused === 'NOT_FOUND' ? 'gray' : 'red'} role="alert">
          {serverText(message)}
        </Alert>
      </Container>
    );
  }
  const data = course.data;

  return (
    <Container size="xl" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <Stack gap={4}>
            <BackToCourses communityName={data.communityName} />
            <Group gap="sm">
              <Title order={1} fz={{ base: 24, sm: 30 }}>
                {t('courseEditor.heading', { title: data.title })}
              </Title>
              <Badge color={data.isPrivate ? 'gray' : 'teal'} variant="light">
                {data.isPrivate ? t('courses.private') : t('courseEditor.published')}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {courseCounts(t, data)}
            </Text>
          </Stack>
          <RouterButton to="/course/$courseId" params={{ courseId }} variant="default" leftSection={<IconEye size={16} />}>
            {t('courseEditor.preview')}
          </RouterButton>
        </Group>
        <Tabs value={tab} onChange={(value) => setTab((value as EditorTab | null) ?? 'details')} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="details" leftSection={<IconFileDescription size={16} />}>
              {t('courseEditor.tabs.details')}
            </Tabs.Tab>
            <Tabs.Tab value="content" leftSection={<IconListDetails size={16} />}>
              {t('courseEditor.tabs.content')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="details">
            <CourseDetailsForm key={data.id} course={data} />
          </Tabs.Panel>
          <Tabs.Panel value="content">
            <Suspense fallback={<FullPageLoader />}>
              <ContentEditor course={data} />
            </Suspense>
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}
