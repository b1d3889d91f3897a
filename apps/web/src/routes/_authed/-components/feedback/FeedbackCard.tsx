import { Anchor, Box, Group, Paper, Rating, Stack } from '@mantine/core';
import { toVideoEmbed } from '@app/shared/video';
import { IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../../lib/format.ts';
import { AuthorLine } from '../../../../components/feed/AuthorLine.tsx';
import { CommentsPanel, CommentsToggle } from '../../../../components/feed/CommentsToggle.tsx';
import { FileAttachment } from '../../../../components/feed/PostAttachment.tsx';
import { PostText } from '../../../../components/feed/PostText.tsx';
import { PostVideo } from '../../../../components/feed/PostVideo.tsx';
import { FeedbackComments } from './FeedbackComments.tsx';
import { FeedbackMenu } from './FeedbackMenu.tsx';
import type { Feedback } from '../../../../lib/paged.ts';
import { useWallRights } from './WallContext.tsx';

interface FeedbackCardProps {
  feedback: Feedback;
  /** Its place on the wall, for assistive technology (role="feed" articles). */
  position: number;
  total: number;
}

/** A feedback: author, time, rating, text, attachment, video, and its comments (oldest first). */
export function FeedbackCard({ feedback, position, total }: FeedbackCardProps) {
  const { t } = useTranslation();
  const rights = useWallRights(feedback.author.id);
  // Comments show at once when there are some; otherwise the box to add the first is a click away.
  const [commentsOpen, setCommentsOpen] = useState(feedback.commentCount > 0);
  const name = feedback.author.fullName ?? feedback.author.username;
  const commentsId = `feedback-${feedback.id}-comments`;

  return (
    <Paper component="article" withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }} aria-label={t('feedback.card.label', { name })} aria-posinset={position} aria-setsize={total}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <AuthorLine author={feedback.author} createdAt={feedback.createdAt} edited={feedback.edited} avatarSize={44} />
          {(rights.canEdit || rights.canDelete) && <FeedbackMenu feedback={feedback} />}
        </Group>

        <Box role="img" aria-label={t('feedback.card.rated', { count: feedback.rating })} w="fit-content">
          <Rating value={feedback.rating} readOnly size="md" color="yellow" />
        </Box>
        <PostText text={feedback.content} />
        {(feedback.media || feedback.videoUrl) && (
          // Media keeps a readable size on a wide screen rather than filling the card.
          <Stack gap="sm" maw={560}>
            {feedback.media && <FileAttachment url={feedback.media.url} contentType={feedback.media.contentType} author={name} />}
            {feedback.videoUrl && <FeedbackVideo url={feedback.videoUrl} />}
          </Stack>
        )}

        <CommentsToggle
          open={commentsOpen}
          controls={commentsId}
          label={t('feedback.card.comments', { count: feedback.commentCount, value: formatCount(feedback.commentCount) })}
          onToggle={() => setCommentsOpen((open) => !open)}
        />
        <CommentsPanel open={commentsOpen}>
          <FeedbackComments feedbackId={feedback.id} commentCount={feedback.commentCount} id={commentsId} />
        </CommentsPanel>
      </Stack>
    </Paper>
  );
}

/** The external video link: a player for YouTube, Vimeo and TikTok, a plain link to anything else. */
function FeedbackVideo({ url }: { url: string }) {
  const { t } = useTranslation();
  const embed = toVideoEmbed(url);
  if (embed) return <PostVideo embed={embed} />;
  return (
    <Anchor href={url} target="_blank" rel="noopener noreferrer nofollow ugc" size="sm" w="fit-content">
      <Group gap={4} wrap="nowrap" component="span">
        <IconExternalLink className="mirror-rtl" size={16} aria-hidden="true" />
        {t('feedback.card.watchVideo')}
      </Group>
    </Anchor>
  );
}
