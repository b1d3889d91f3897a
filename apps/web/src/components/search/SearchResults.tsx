import { displayName as nameOf } from '../PersonName.tsx';
import { Badge, Stack, Text, Title } from '@mantine/core';
import type { AppRouter } from '@app/api';
import { IconBook, IconLock, IconMessage, IconMessages, IconSchool } from '@tabler/icons-react';
import type { inferRouterOutputs } from '@trpc/server';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterNavLink } from '../RouterLinks.tsx';
import { UserAvatar } from '../UserAvatar.tsx';
import { Highlighted } from './Highlighted.tsx';

type Results = inferRouterOutputs<AppRouter>['search']['community'];

interface SearchResultsProps {
  results: Results;
  communityName: string;
  /** Following a result closes the search. */
  onLeave: () => void;
}

/** The results grouped by kind, each a link: to the post (the comment opened), the member, the course or the lesson. */
export function SearchResults({ results, communityName, onLeave }: SearchResultsProps) {
  const { t } = useTranslation();
  const { terms } = results;
  const mark = (text: string) => <Highlighted text={text} terms={terms} />;
  const community = { communityName };
  return (
    <Stack gap="lg">
      <Group title={t('search.kinds.posts')} count={results.posts.length}>
        {results.posts.map((post) => (
          <RouterNavLink
            key={post.id}
            to="/community/$communityName"
            params={community}
            search={{ post: post.id }}
            onClick={onLeave}
            leftSection={<IconMessages size={18} aria-hidden />}
            label={mark(post.excerpt || post.options.join(' · '))}
            description={
              <>
                {post.options.length > 0 && post.excerpt && <Text span size="xs" display="block">{mark(t('search.pollOptions', { options: post.options.join(' · ') }))}</Text>}
                {t('search.by', { name: nameOf(post) })}
              </>
            }
          />
        ))}
      </Group>
      <Group title={t('search.kinds.comments')} count={results.comments.length}>
        {results.comments.map((comment) => (
          <RouterNavLink
            key={comment.id}
            to="/community/$communityName"
            params={community}
            search={{ post: comment.postId, comment: comment.id }}
            onClick={onLeave}
            leftSection={<IconMessage size={18} aria-hidden />}
            label={mark(comment.excerpt)}
            description={t('search.by', { name: nameOf(comment) })}
          />
        ))}
      </Group>
      <Group title={t('search.kinds.members')} count={results.members.length}>
        {results.members.map((member) => (
          <RouterNavLink
            key={member.id}
            to="/profile/$username"
            params={{ username: member.username }}
            onClick={onLeave}
            leftSection={<UserAvatar username={member.username} avatarUrl={member.avatarUrl} size={32} radius="xl" />}
            label={mark(nameOf(member))}
            description={<span dir="ltr">@{mark(member.username)}</span>}
          />
        ))}
      </Group>
      <Group title={t('search.kinds.courses')} count={results.courses.length}>
        {results.courses.map((course) => (
          <RouterNavLink
            key={course.id}
            to="/course/$courseId"
            params={{ courseId: course.id }}
            onClick={onLeave}
            leftSection={<IconSchool size={18} aria-hidden />}
            label={mark(course.title)}
            description={course.excerpt ? mark(course.excerpt) : undefined}
          />
        ))}
      </Group>
      <Group title={t('search.kinds.lessons')} count={results.lessons.length}>
        {results.lessons.map((lesson) => (
          <RouterNavLink
            key={lesson.id}
            to="/course/$courseId"
            params={{ courseId: lesson.courseId }}
            search={{ lesson: lesson.id }}
            onClick={onLeave}
            leftSection={<IconBook size={18} aria-hidden />}
            rightSection={lesson.locked ? <Badge size="sm" variant="light" color="gray" leftSection={<IconLock size={12} />}>{t('search.locked')}</Badge> : undefined}
            label={mark(lesson.title)}
            description={
              <>
                {lesson.excerpt && <Text span size="xs" display="block">{mark(lesson.excerpt)}</Text>}
                {t('search.inCourse', { course: lesson.courseTitle })}
              </>
            }
          />
        ))}
      </Group>
    </Stack>
  );
}

/** One kind's heading and its list; nothing when it found nothing. */
function Group({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  if (count === 0) return null;
  return (
    <section aria-label={title}>
      <Title order={2} size="h6" c="dimmed" tt="uppercase" mb={4}>
        {title}
      </Title>
      <Stack gap={2} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {Array.isArray(children) ? children.map((child, index) => <li key={index}>{child}</li>) : <li>{children}</li>}
      </Stack>
    </section>
  );
}
