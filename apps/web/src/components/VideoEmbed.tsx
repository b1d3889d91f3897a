import { AspectRatio, type AspectRatioProps } from '@mantine/core';
import { useRef } from 'react';
import { useVideoEnded, withPlayerApi } from '../lib/useVideoEnded.ts';

interface VideoEmbedProps extends Omit<AspectRatioProps, 'children' | 'ratio'> {
  /** An embeddable player URL (from toEmbedUrl in @app/shared/video). */
  src: string;
  /** The frame's accessible name. */
  title: string;
  /** Called when the video plays to its end (YouTube and Vimeo players). */
  onEnded?: () => void;
}

/** A YouTube or Vimeo player in a 16:9 frame, loaded when it scrolls near (TikTok's tall frame is PostVideo's). */
export function VideoEmbed({ src, title, onEnded, ...props }: VideoEmbedProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  useVideoEnded(frame, onEnded);
  return (
    <AspectRatio ratio={16 / 9} {...props}>
      <iframe
        ref={frame}
        src={onEnded ? withPlayerApi(src) : src}
        title={title}
        loading="lazy"
        allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        style={{ border: 0 }}
      />
    </AspectRatio>
  );
}
