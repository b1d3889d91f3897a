import { Anchor, AspectRatio, Group, Stack } from '@mantine/core';
import { toEmbedUrl } from '@app/shared/video';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { VideoEmbed } from '../../../../components/VideoEmbed.tsx';
import classes from './chat.module.css';
import type { ChatMessage } from './types.ts';

/** A video link message's player, by the kind the server detected (spec section 5); other links stay links. */
export function ChatVideo({ message, senderName }: { message: ChatMessage; senderName: string }) {
  const { t } = useTranslation();
  const url = message.videoUrl;
  if (!url) return null;
  const title = t('chat.message.video', { name: senderName });
  const embed = message.videoKind === 'youtube' || message.videoKind === 'vimeo' ? toEmbedUrl(url) : null;
  const source = (
    <Anchor href={url} target="_blank" rel="noopener noreferrer" c="inherit" size="xs" underline="always" opacity={0.85}>
      {t('chat.message.openVideo')}
    </Anchor>
  );
  if (embed) {
    return (
      <Stack gap={4}>
        <VideoEmbed src={embed} title={title} className={classes.media} />
        {source}
      </Stack>
    );
  }
  if (message.videoKind === 'facebook') {
    return (
      <Stack gap={4}>
        <AspectRatio ratio={16 / 9} className={classes.media}>
          <iframe
            src={`https://www.facebook.com/plugins/video.php?href=${encodeURIComponent(url)}&show_text=false`}
            title={title}
            loading="lazy"
            allow="encrypted-media; picture-in-picture; fullscreen"
            allowFullScreen
            style={{ border: 0 }}
          />
        </AspectRatio>
        {source}
      </Stack>
    );
  }
  if (message.videoKind === 'html5') {
    return (
      <div className={classes.media}>
        <video controls preload="metadata" src={url} className={classes.video} aria-label={title} />
      </div>
    );
  }
  return (
    <Anchor href={url} target="_blank" rel="noopener noreferrer" c="inherit" underline="always" className={classes.text}>
      <Group gap={4} wrap="nowrap" component="span" display="inline-flex">
        <IconExternalLink className="mirror-rtl" size={14} style={{ flexShrink: 0 }} />
        {url}
      </Group>
    </Anchor>
  );
}
