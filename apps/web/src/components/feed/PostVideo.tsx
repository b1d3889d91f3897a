import { Box } from '@mantine/core';
import type { VideoEmbed as Embed } from '@app/shared/video';
import { useTranslation } from 'react-i18next';
import { VideoEmbed } from '../VideoEmbed.tsx';
import classes from './feed.module.css';

const PROVIDERS = { youtube: 'YouTube', vimeo: 'Vimeo', tiktok: 'TikTok' } as const;

/** The first video link of a post as a player: YouTube and Vimeo in 16:9, TikTok in its tall frame. */
export function PostVideo({ embed }: { embed: Embed }) {
  const { t } = useTranslation();
  const title = t('feed.post.video', { provider: PROVIDERS[embed.provider] });
  if (embed.provider === 'tiktok') {
    return (
      <Box>
        <iframe
          src={embed.embedUrl}
          title={title}
          loading="lazy"
          allow="encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          className={classes.tiktok}
        />
      </Box>
    );
  }
  return <VideoEmbed src={embed.embedUrl} title={title} style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }} />;
}
