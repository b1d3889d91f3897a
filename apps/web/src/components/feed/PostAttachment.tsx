import { Anchor, Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FILE_COLORS, FILE_ICONS, fileKind } from '../../lib/files.ts';
import classes from './feed.module.css';
import type { FeedItem } from '../../lib/paged.ts';

/**
 * A post's file, shown by its type (spec section 5): an image, a video player, or a document row
 * with a download link. The server serves it to members only.
 */
export function PostAttachment({ post }: { post: FeedItem }) {
  if (!post.attachmentUrl) return null;
  return <FileAttachment url={post.attachmentUrl} contentType={post.attachmentType} author={post.author.fullName ?? post.author.username} />;
}

interface FileAttachmentProps {
  /** Where the server serves the file (after checking who may have it). */
  url: string;
  contentType: string | null;
  /** Who shared it, for the image's and video's accessible names. */
  author: string;
}

/** A shared file by its type: an image (opening full size), a video player, or a document row with a download link. */
export function FileAttachment({ url, contentType, author }: FileAttachmentProps) {
  const { t } = useTranslation();
  const kind = fileKind(contentType);

  if (kind === 'image') {
    return (
      <Anchor href={url} target="_blank" rel="noopener" aria-label={t('feed.post.openImage')} display="block" w="fit-content" maw="100%">
        <img src={url} alt={t('feed.post.image', { name: author })} loading="lazy" className={classes.attachmentImage} />
      </Anchor>
    );
  }
  if (kind === 'video') {
    return (
      <video controls preload="metadata" className={classes.attachmentVideo} aria-label={t('feed.post.videoFile', { name: author })}>
        <source src={url} type={contentType ?? undefined} />
      </video>
    );
  }

  const Icon = FILE_ICONS[kind];
  const label = t(`feed.post.files.${kind}`);
  return (
    <Paper withBorder radius="md" p="sm" bg="gray.0">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon size={44} radius="md" variant="light" color={FILE_COLORS[kind]} aria-hidden="true">
          <Icon size={24} />
        </ThemeIcon>
        <Stack gap={0} miw={0} style={{ flex: 1 }}>
          <Text size="sm" fw={600} truncate>
            {label}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {t('feed.post.sharedBy', { name: author })}
          </Text>
        </Stack>
        <Button
          component="a"
          href={url}
          download
          variant="light"
          size="compact-sm"
          leftSection={<IconDownload size={16} />}
          aria-label={t('feed.post.downloadNamed', { kind: label })}
        >
          {t('feed.post.download')}
        </Button>
      </Group>
    </Paper>
  );
}
