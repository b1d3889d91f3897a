import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { visibleLength, type MentionedPerson } from '@app/shared/plain/mentions';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { serverText } from '../../i18n/server-text.ts';
import { MentionTextarea } from '../mentions/MentionTextarea.tsx';
import { useMentionPicks } from '../mentions/useMentionPicks.ts';
import { growingBox } from '../../lib/growingBox.ts';

type TextSchema = { safeParse: (text: string) => { success: boolean; error?: { issues: { message: string }[] } } };

/** The check of a text whose schema has not arrived yet: not sendable, with nothing to say. */
const NOT_CHECKED = { success: false } as const;

export interface CommentFormLabels {
  text: string;
  placeholder: string;
  submit: string;
  /** The failure's title under the box. */
  failed: string;
}

interface CommentFormProps {
  labels: CommentFormLabels;
  /**
   * The shared schema of the text, so the form and the server say the same words; null while it is
   * loading (the form cannot be sent until it is here).
   */
  schema: TextSchema | null;
  /** Called as the box is first used (focused): where the schema loads on demand, it starts loading. */
  onUse?: () => void;
  /**
   * With a counter (the feed): 'N/max' under the box, which is square-cornered and sends with
   * Ctrl+Enter. Without (the feedback wall): a rounded box with the button beside it; Enter sends,
   * Shift+Enter starts a new line.
   */
  counter?: { max: number; label: (count: number) => string };
  sending: boolean;
  /** Why the last try failed, until dismissed; null when it did not. */
  error: string | null;
  onDismissError: () => void;
  /** Sends the text (as stored: picked mentions as tokens); `sent` clears the box. */
  onSend: (text: string, sent: () => void) => void;
  /** With a community (the feed): `@` offers its members, and the text is sent with their tokens. */
  mentionsIn?: string;
  /** What the box starts with, focused, caret at the end (a reply's `@Name`); remount it (key) to start again. */
  initial?: { text: string; mentions: MentionedPerson[] };
}

/** The box to add a comment. */
export function CommentForm({ labels, schema, onUse, counter, sending, error, onDismissError, onSend, mentionsIn, initial }: CommentFormProps) {
  const picks = useMentionPicks(initial);
  const [text, setText] = useState(picks.initialText);
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (!initial || !field.current) return;
    field.current.focus();
    field.current.setSelectionRange(field.current.value.length, field.current.value.length);
    // Only when mounted with a start (a reply): later renders leave the caret alone.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const stored = picks.stored(text);
  const counted = visibleLength(stored.trim());
  const check: ReturnType<TextSchema['safeParse']> = schema ? schema.safeParse(stored) : NOT_CHECKED;
  const tooLong = counter ? counted > counter.max : !check.success && text.trim() !== '';
  const submit = () => {
    if (check.success && !sending)
      onSend(stored, () => {
        setText('');
        picks.reset();
      });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (counter && event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit();
    if (!counter && event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      submit();
    }
  };
  const boxProps = {
    'aria-label': labels.text,
    placeholder: labels.placeholder,
    onKeyDown,
    onFocus: onUse,
    error: tooLong && check.error?.issues[0] ? serverText(check.error.issues[0].message) : undefined,
    // With a counter the box stops at the limit, typed or pasted: the browser's own maxlength, widened
    // by what the counter does not count (a picked mention's extra characters, spaces at either end).
    maxLength: counter ? counter.max + text.length - counted : undefined,
    ...growingBox(1, 6),
    radius: counter ? 'md' : 'xl',
    size: 'sm',
    style: counter ? undefined : { flex: 1 },
  } as const;
  const box = mentionsIn ? (
    <MentionTextarea {...boxProps} ref={field} communityId={mentionsIn} value={text} onChange={setText} onPick={picks.pick} />
  ) : (
    <Textarea {...boxProps} ref={field} value={text} onChange={(event) => setText(event.currentTarget.value)} />
  );
  const send = (
    <Button
      type="submit"
      size={counter ? 'compact-sm' : 'sm'}
      radius={counter ? undefined : 'xl'}
      disabled={!check.success || (counter !== undefined && sending)}
      loading={sending}
      rightSection={<IconSend className="mirror-rtl" size={14} />}
    >
      {labels.submit}
    </Button>
  );

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap={6}>
        {counter ? (
          <>
            {box}
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="xs" c={tooLong ? 'red' : 'dimmed'}>
                {counter.label(counted)}
              </Text>
              {send}
            </Group>
          </>
        ) : (
          <Group gap="xs" align="flex-start" wrap="nowrap">
            {box}
            {send}
          </Group>
        )}
        {error !== null && (
          <Alert color="red" role="alert" p="xs" radius="md" title={labels.failed} withCloseButton onClose={onDismissError}>
            {error}
          </Alert>
        )}
      </Stack>
    </form>
  );
}
