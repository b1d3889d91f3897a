import { Alert, Divider, Stack, Text } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { serverText } from '../../i18n/server-text.ts';
import { Loading } from '../Loading.tsx';

export interface CommentThreadLabels {
  loading: string;
  loadFailed: string;
  /** The list's accessible name. */
  list: string;
  /** Said when there are none; without it, nothing is. */
  empty?: string;
}

interface CommentThreadProps<C extends { id: string }> {
  /** The id the card's comments toggle controls. */
  id: string;
  /** Oldest first; null while they load or when loading failed. */
  comments: C[] | null;
  error: { message: string } | null;
  labels: CommentThreadLabels;
  renderComment: (comment: C) => ReactNode;
  /** The box to add one. */
  children: ReactNode;
}

/** The comments under a post or a feedback: loading, failure, the list, then the box to add one. */
export function CommentThread<C extends { id: string }>({ id, comments, error, labels, renderComment, children }: CommentThreadProps<C>) {
  return (
    <Stack gap="sm" id={id} pt="xs">
      <Divider />
      {comments === null && error ? (
        <Alert color="red" role="alert" p="xs" radius="md">
          {labels.loadFailed} {serverText(error.message)}
        </Alert>
      ) : comments === null ? (
        <Loading py="sm" label={labels.loading} size="sm" />
      ) : comments.length === 0 ? (
        labels.empty && (
          <Text size="sm" c="dimmed">
            {labels.empty}
          </Text>
        )
      ) : (
        <Stack gap="sm" role="list" aria-label={labels.list}>
          {comments.map((comment) => (
            <Fragment key={comment.id}>{renderComment(comment)}</Fragment>
          ))}
        </Stack>
      )}
      {children}
    </Stack>
  );
}
