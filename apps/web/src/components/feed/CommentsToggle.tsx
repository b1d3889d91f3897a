import { Button, Group } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './feed.module.css';

interface CommentsToggleProps {
  open: boolean;
  /** The id of the comments it shows and hides. */
  controls: string;
  /** 'N comments', in the page's words. */
  label: string;
  onToggle: () => void;
  /** What sits before it in the card's footer (the like button). */
  children?: ReactNode;
}

/** A card's footer: what comes first (a like button), then the button that opens and closes its comments. */
export function CommentsToggle({ open, controls, label, onToggle, children }: CommentsToggleProps) {
  return (
    <Group gap="xs" pt="xs" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      {children}
      <Button
        variant={open ? 'light' : 'subtle'}
        color={open ? 'brand' : 'gray'}
        size="compact-md"
        radius="xl"
        fw={500}
        leftSection={<IconMessageCircle size={18} aria-hidden="true" />}
        aria-expanded={open}
        aria-controls={open ? controls : undefined}
        onClick={onToggle}
      >
        {label}
      </Button>
    </Group>
  );
}

/**
 * What the toggle opens: the comments, drawn where they stay as soon as it is pressed (they fade in),
 * and gone when it closes.
 */
export function CommentsPanel({ open, children }: { open: boolean; children: ReactNode }) {
  return open ? <div className={classes.commentsPanel}>{children}</div> : null;
}
