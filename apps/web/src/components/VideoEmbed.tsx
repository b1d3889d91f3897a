import { AspectRatio, type AspectRatioProps } from '@mantine/core';

interface VideoEmbedProps extends Omit<AspectRatioProps, 'children' | 'ratio'> {
  /** An embeddable player URL (from toEmbedUrl in @app/shared/video). */
  src: string;
  /** The frame's accessible name. */
  title: string;
}

/** A YouTube or Vimeo player in a 16:9 frame, loaded when it scrolls near (TikTok's tall frame is PostVideo's). */
export function VideoEmbed({ src, title, ...props }: VideoEmbedProps) {
  return (
    <AspectRatio ratio={16 / 9} {...props}>
      <iframe
        src={src}
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
