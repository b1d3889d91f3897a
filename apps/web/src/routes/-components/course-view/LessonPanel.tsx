import { Alert, Anchor, Button, Group, Paper, Stack, Title, Typography } from '@mantine/core';
import { toEmbedUrl } from '@app/shared/video';
import { IconCheck, IconDownload } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { VideoEmbed } from '../../../components/VideoEmbed.tsx';
import { serverText } from '../../../i18n/server-text.ts';
import { isRateLimited } from '../../../lib/rate-limit.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { notifications } from '@mantine/notifications';
import classes from '../courses/courses.module.css';
import { contentLoadError } from '../courses/types.ts';
import { PageNav, type PageNavProps } from './PageNav.tsx';
import { Loading } from '../../../components/Loading.tsx';

interface LessonPanelProps extends PageNavProps {
  lessonId: string;
}

/** A lesson: title, video, rich content (sanitized on the server), its resource, and marking it done. */
export function LessonPanel({ lessonId, previous, next, onSelect }: LessonPanelProps) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const lesson = useQuery(trpc.courses.lesson.queryOptions({ lessonId }));
  const complete = useMutation(
    trpc.courses.setComplete.mutationOptions({
      onSuccess: async () => {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.courses.lesson.queryKey({ lessonId }) }),
          queryClient.invalidateQueries({ queryKey: trpc.courses.byId.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.courses.list.pathKey() }),
        ]);
      },
      onError: (error) => {
        if (!isRateLimited(error)) notifications.show({ color: 'red', message: serverText(error.message) });
      },
    }),
  );

  if (lesson.isPending) {
    return (
      <Loading py="xl" label={t('courses.view.loadingLesson')} />
    );
  }
  if (lesson.isError) return <Alert color="red">{contentLoadError(lesson.error)}</Alert>;
  const data = lesson.data;
  const video = data.videoUrl ? toEmbedUrl(data.videoUrl) : null;

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="article" aria-labelledby="lesson-title">
      <Stack gap="lg">
        <Title order={2} id="lesson-title" fz={{ base: 'xl', sm: 26 }}>
          {data.title}
        </Title>
        {video && (
          <VideoEmbed
            src={video}
            title={data.title}
            // Watching to the end marks the lesson done.
            onEnded={() => {
              if (!data.completed && !complete.isPending) complete.mutate({ lessonId, completed: true });
            }}
          />
        )}
        {data.content && (
          <Typography className={classes.content}>
            {/* Sanitized on the server (packages/api/src/courses/sanitize.ts): no scripts, handlers or styles. */}
            <div dir="auto" dangerouslySetInnerHTML={{ __html: data.content }} />
          </Typography>
        )}
        {data.fileUrl && (
          <Anchor href={data.fileUrl} download fw={600}>
            <Group gap={6}>
              <IconDownload size={18} aria-hidden="true" />
              {t('courses.view.download')}
            </Group>
          </Anchor>
        )}
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Button
            variant={data.completed ? 'light' : 'filled'}
            color={data.completed ? 'teal' : undefined}
            leftSection={<IconCheck size={16} />}
            loading={complete.isPending}
            aria-pressed={data.completed}
            onClick={() => complete.mutate({ lessonId, completed: !data.completed })}
          >
            {data.completed ? t('courses.view.completed') : t('courses.view.complete')}
          </Button>
          <PageNav previous={previous} next={next} onSelect={onSelect} />
        </Group>
      </Stack>
    </Paper>
  );
}
