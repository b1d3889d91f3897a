import { Alert, Group, Paper, Stack, Text, Title, Typography } from '@mantine/core';
import { toEmbedUrl } from '@app/shared/video';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { VideoEmbed } from '../../../components/VideoEmbed.tsx';
import { useTRPC } from '../../../lib/trpc.ts';
import { CourseFileLinks } from '../courses/CourseFileLinks.tsx';
import classes from '../courses/courses.module.css';
import { contentLoadError } from '../courses/types.ts';
import { PageNav, type PageNavProps } from './PageNav.tsx';
import { Loading } from '../../../components/Loading.tsx';

/** A module's own page: its video, text (sanitized on the server), documents and images. */
export function ModulePanel({ moduleId, ...nav }: PageNavProps & { moduleId: string }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const module = useQuery(trpc.courses.module.queryOptions({ moduleId }));
  if (module.isPending) {
    return (
      <Loading py="xl" label={t('courses.view.loadingLesson')} />
    );
  }
  if (module.isError) return <Alert color="red">{contentLoadError(module.error)}</Alert>;
  const data = module.data;
  const video = data.videoUrl ? toEmbedUrl(data.videoUrl) : null;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="article" aria-labelledby="module-title">
      <Stack gap="lg">
        <Stack gap={2}>
          <Text size="xs" tt="uppercase" fw={700} c="dimmed">
            {t('courses.view.overview')}
          </Text>
          <Title order={2} id="module-title" fz={{ base: 'xl', sm: 26 }}>
            {data.title}
          </Title>
        </Stack>
        {video && <VideoEmbed src={video} title={data.title} />}
        {data.content && (
          <Typography className={classes.content}>
            {/* Sanitized on the server (packages/api/src/courses/sanitize.ts): no scripts, handlers or styles. */}
            <div dir="auto" dangerouslySetInnerHTML={{ __html: data.content }} />
          </Typography>
        )}
        <CourseFileLinks documents={data.documents} images={data.images} />
        <Group justify="flex-end">
          <PageNav {...nav} />
        </Group>
      </Stack>
    </Paper>
  );
}
