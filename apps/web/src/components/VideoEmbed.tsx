import { Anchor, AspectRatio, Stack, Text, UnstyledButton, type AspectRatioProps } from '@mantine/core';
import { videoPosterOf } from '@app/shared/video';
import { IconExternalLink, IconPlayerPlayFilled } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVideoEnded, withPlayerApi } from '../lib/useVideoEnded.ts';
import classes from './VideoEmbed.module.css';

interface VideoEmbedProps extends Omit<AspectRatioProps, 'children' | 'ratio'> {
  /** An embeddable player URL (from toEmbedUrl in @app/shared/video). */
  src: string;
  /** The frame's accessible name. */
  title: string;
  /** Called when the video plays to its end (YouTube and Vimeo players). */
  onEnded?: () => void;
}

const PROVIDERS = { youtube: 'YouTube', vimeo: 'Vimeo' } as const;

/**
 * A YouTube or Vimeo video in a 16:9 frame: first its poster (YouTube's still, or a plain backdrop)
 * with a play button and a link to the video's own page; the player loads on 'Play', so a page
 * with videos loads none of the players' scripts until asked. When the still cannot load (the video
 * was removed or made private, or the provider is blocked) the poster says so and keeps the link,
 * instead of a broken grey frame. TikTok's tall frame is PostVideo's.
 */
export function VideoEmbed({ src, title, onEnded, ...props }: VideoEmbedProps) {
  const [playing, setPlaying] = useState(false);
  return (
    <AspectRatio ratio={16 / 9} {...props}>
      {playing ? <Player src={src} title={title} onEnded={onEnded} /> : <Poster src={src} title={title} onPlay={() => setPlaying(true)} />}
    </AspectRatio>
  );
}

function Player({ src, title, onEnded }: Pick<VideoEmbedProps, 'src' | 'title' | 'onEnded'>) {
  const frame = useRef<HTMLIFrameElement>(null);
  useVideoEnded(frame, onEnded);
  const url = new URL(onEnded ? withPlayerApi(src) : src);
  url.searchParams.set('autoplay', '1');
  return (
    <iframe
      ref={frame}
      src={url.toString()}
      title={title}
      allow="accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture; fullscreen"
      allowFullScreen
      referrerPolicy="strict-origin-when-cross-origin"
      style={{ border: 0 }}
    />
  );
}

function Poster({ src, title, onPlay }: { src: string; title: string; onPlay: () => void }) {
  const { t } = useTranslation();
  const poster = videoPosterOf(src);
  const [failed, setFailed] = useState(false);
  const provider = poster ? PROVIDERS[poster.provider] : null;
  const still = poster?.thumbnailUrl && !failed ? poster.thumbnailUrl : null;
  return (
    <div className={classes.poster} data-still={still ? true : undefined}>
      {still && <img src={still} alt="" loading="lazy" className={classes.still} onError={() => setFailed(true)} />}
      <UnstyledButton className={classes.play} onClick={onPlay} aria-label={t('video.play', { title })}>
        <IconPlayerPlayFilled size={28} aria-hidden="true" />
      </UnstyledButton>
      <Stack gap={2} className={classes.caption}>
        {failed && (
          <Text size="sm" fw={600} c="white">
            {t('video.stillFailed')}
          </Text>
        )}
        {poster && provider && (
          <Anchor href={poster.watchUrl} target="_blank" rel="noopener noreferrer" size="sm" c="white" underline="always" className={classes.watch}>
            {t('video.watchOn', { provider })}
            <IconExternalLink className="mirror-rtl" size={14} aria-hidden="true" />
          </Anchor>
        )}
      </Stack>
    </div>
  );
}
