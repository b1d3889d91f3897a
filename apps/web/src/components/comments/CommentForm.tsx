import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState, type KeyboardEvent } from 'react';
import { serverText } from '../../i18n/server-text.ts';

export interface CommentFormLabels {
  text: string;
  placeholder: string;
  submit: string;
  /** The failure's title under the box. */
  failed: string;
}

interface CommentFormProps {
  labels: CommentFormLabels;
  /** The shared schema of the text, so the form and the server say the same words. */
  schema: { safeParse: (text: string) => { success: boolean; error?: { issues: { message: string }[] } } };
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
  /** Sends the text; `sent` clears the box. */
  onSend: (text: string, sent: () => void) => void;
}

/** The box to add a comment. */
export function CommentForm({ labels, schema, counter, sending, error, onDismissError, onSend }: CommentFormProps) {
  const [text, setText] = useState('');
  const trimmed = text.trim();
  const check = schema.safeParse(text);
  const tooLong = counter ? trimmed.length > counter.max : !check.success && trimmed !== '';
  const submit = () => {
    if (check.success && !sending) onSend(text, () => setText(''));
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (counter && event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit();
    if (!counter && event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      submit();
    }
  };
  const box = (
    <Textarea
      aria-label={labels.text}
      placeholder={labels.placeholder}
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
      onKeyDown={onKeyDown}
      error={tooLong && check.error?.issues[0] ? serverText(check.error.issues[0].message) : undefined}
      autosize
      minRows={1}
      maxRows={6}
      radius={counter ? 'md' : 'xl'}
      size="sm"
      style={counter ? undefined : { flex: 1 }}
    />
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
                {counter.label(trimmed.length)}
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
