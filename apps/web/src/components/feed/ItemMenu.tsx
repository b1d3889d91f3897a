import { ActionIcon, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { LazyMenu } from '../LazyMenu.tsx';

interface ItemMenuProps {
  /** The menu button's accessible name ('Post actions'). */
  label: string;
  /** Offered only with `onEdit`. */
  editLabel?: string;
  onEdit?: () => void;
  deleteLabel?: string;
  /** Offered only with `onDelete` (a post's reporter sees Report alone). */
  onDelete?: () => void;
  /** More items, first (a post's 'Pin to top'). */
  children?: ReactNode;
}

/** The '…' menu of a post or feedback: Edit (when offered) and Delete, in red; set up when first pointed at (LazyMenu). */
export function ItemMenu({ label, editLabel, onEdit, deleteLabel, onDelete, children }: ItemMenuProps) {
  return (
    <LazyMenu
      position="bottom-end"
      shadow="md"
      radius="md"
      width={170}
      target={
        <ActionIcon variant="subtle" color="gray" radius="xl" aria-label={label}>
          <IconDots size={18} />
        </ActionIcon>
      }
    >
      {children}
      {onEdit && (
        <Menu.Item leftSection={<IconPencil size={16} />} onClick={onEdit}>
          {editLabel}
        </Menu.Item>
      )}
      {onDelete && (
        <Menu.Item color="red.9" leftSection={<IconTrash size={16} />} onClick={onDelete}>
          {deleteLabel}
        </Menu.Item>
      )}
    </LazyMenu>
  );
}

/**
 * A confirmed deletion's outcome: done, it closes the question, leaves the list and says so; already
 * deleted by someone else (NOT_FOUND), it is gone either way. Other refusals stay in the question.
 */
export function removalHandlers(closeQuestion: () => void, leaveList: () => void, deletedMessage: string) {
  return {
    onSuccess: () => {
      closeQuestion();
      leaveList();
      notifications.show({ color: 'teal', message: deletedMessage });
    },
    onError: (error: { data?: { code?: string } | null }) => {
      if (error.data?.code === 'NOT_FOUND') {
        closeQuestion();
        leaveList();
      }
    },
  };
}
