import { Text, type TextProps } from '@mantine/core';
import type { MentionedPerson } from '@app/shared/plain/mentions';
import { MentionRuns } from '../mentions/MentionRuns.tsx';
import classes from './feed.module.css';

interface PostTextProps extends TextProps {
  text: string;
  /** The people the text mentions (drawn as links to their profiles). */
  mentions?: readonly MentionedPerson[];
}

/** Post or comment text: line breaks kept, mentions and links clickable. */
export function PostText({ text, mentions, ...props }: PostTextProps) {
  return (
    <Text className={classes.text} dir="auto" ta="start" {...props}>
      <MentionRuns text={text} mentions={mentions} />
    </Text>
  );
}
