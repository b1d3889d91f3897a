import { Anchor, Text, type TextProps } from '@mantine/core';
import { findLinks } from '@app/shared/video';
import type { ReactNode } from 'react';
import classes from './feed.module.css';

interface PostTextProps extends TextProps {
  text: string;
}

/** Post or comment text: line breaks kept, links clickable (opened in a new tab, never given our referrer's trust). */
export function PostText({ text, ...props }: PostTextProps) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const link of findLinks(text)) {
    if (link.start > last) parts.push(text.slice(last, link.start));
    parts.push(
      <Anchor key={link.start} href={link.href} target="_blank" rel="noopener noreferrer nofollow ugc" inherit>
        {link.text}
      </Anchor>,
    );
    last = link.end;
  }
  if (last < text.length) parts.push(text.slice(last));
  return (
    <Text className={classes.text} dir="auto" ta="start" {...props}>
      {parts}
    </Text>
  );
}
