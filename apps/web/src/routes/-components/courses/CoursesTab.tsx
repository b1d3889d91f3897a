import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { COURSE_MESSAGES } from '@app/shared/plain/courses';
import { IconBook2, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverText } from '../../../i18n/server-text.ts';
import { isRateLimited } from '../../../lib/rate-limit.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { BackButton } from '../../../components/BackButton.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { coursesQueryOptions } from './queries.ts';
import { CourseCard } from './CourseCard.tsx';
import { CreateCourseForm } from './CreateCourseForm.tsx';
import type { CourseCardData } from './types.ts';
import { Loading } from '../../../components/Loading.tsx';

/**
 * The courses tab: cards newest first. The owner and admins (`canEdit`) see every course (private ones marked) and
 * creates and deletes them; members see the visible ones. Kept live by the sidebar's subscription.
 */
export function CoursesTab({ communityId, canEdit }: { communityId: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<CourseCardData | null>(null);
  const courses = useQuery(coursesQueryOptions(trpc, communityId));
  const remove = useMutation(
    trpc.courses.delete.mutationOptions({
      onSuccess: async () => {
        setDeleting(null);
        notifications.show({ color: 'teal', message: t('courses.deleted') });
        await queryClient.invalidateQueries({ queryKey: trpc.courses.pathKey() });
      },
      onError: (error) => {
        if (!isRateLimited(error)) notifications.show({ color: 'red', message: serverText(error.message) });
      },
    }),
  );

  return (
    <Stack gap="md">
      <BackButton />
      <Group justify="space-between">
        <Title order={2} fz="xl">
          {t('courses.title')}
        </Title>
        {canEdit && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            {t('courses.new')}
          </Button>
        )}
      </Group>
      {courses.isPending ? (
        <Loading py="xl" label={t('courses.loading')} />
      ) : courses.data === undefined ? (
        <Alert color="red">{serverText(COURSE_MESSAGES.loadFailed)}</Alert>
      ) : courses.data.length === 0 ? (
        <Paper withBorder radius="lg" p="xl">
          <Stack align="center" gap="xs">
            <IconBook2 size={32} color="var(--mantine-color-brand-5)" aria-hidden="true" />
            <Text c="dimmed" ta="center">
              {serverText(COURSE_MESSAGES.empty)}
            </Text>
          </Stack>
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" role="list" aria-label={t('courses.list')}>
          {courses.data.map((course) => (
            <div role="listitem" key={course.id}>
              <CourseCard course={course} canEdit={canEdit} onDelete={setDeleting} />
            </div>
          ))}
        </SimpleGrid>
      )}
      {creating && <CreateCourseForm communityId={communityId} onClose={() => setCreating(false)} />}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('courses.deleteTitle')}
        confirmLabel={t('courses.delete')}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ courseId: deleting.id })}
        onCancel={() => setDeleting(null)}
      >
        {t('courses.deleteQuestion', { title: deleting?.title ?? '' })}
      </ConfirmDialog>
    </Stack>
  );
}
