import { Combobox, Group, Text, Textarea, useCombobox, VisuallyHidden, type TextareaProps } from '@mantine/core';
import { mentionQueryAt } from '@app/shared/plain/mentions';
import { useDebouncedValue, useMergedRef } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useTRPC } from '../../lib/trpc.ts';
import { UserAvatar } from '../UserAvatar.tsx';
import type { MentionPick } from './useMentionPicks.ts';

interface MentionTextareaProps extends Omit<TextareaProps, 'value' | 'onChange'> {
  /** Whose members may be mentioned. */
  communityId: string;
  value: string;
  onChange: (value: string) => void;
  /** A person picked: the box now holds `@username` for them (see useMentionPicks). */
  onPick: (person: MentionPick) => void;
  ref?: Ref<HTMLTextAreaElement>;
}

const SEARCH_DEBOUNCE_MS = 120;

/**
 * A text box where `@` offers the community's members: typing filters them, the arrows choose,
 * Enter or Tab mentions, Escape closes; clicking works too. The box stays a textbox (a textarea may
 * not take the combobox role) wired to the list as one: aria-autocomplete, aria-controls and
 * aria-activedescendant name the list and the chosen option, and a polite status says how many match.
 * While the list is open the keys it uses never reach the box's own handler (Enter sends a chat).
 */
export function MentionTextarea({ communityId, value, onChange, onPick, onKeyDown, onBlur, ref, ...props }: MentionTextareaProps) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const box = useRef<HTMLTextAreaElement>(null);
  const mergedRef = useMergedRef(box, ref);
  const optionId = useId();
  const [query, setQuery] = useState<{ start: number; query: string } | null>(null);
  const [active, setActive] = useState(0);
  const [search] = useDebouncedValue(query?.query ?? '', SEARCH_DEBOUNCE_MS);
  const people = useQuery({ ...trpc.membership.mentionable.queryOptions({ communityId, search }), enabled: query !== null, placeholderData: keepPreviousData, staleTime: 30_000 });
  const options = query !== null && people.data ? people.data : [];
  const open = query !== null && people.data !== undefined;
  const combobox = useCombobox({ opened: open });

  const track = (text: string, caret: number | null) => {
    const next = caret === null ? null : mentionQueryAt(text, caret);
    setQuery((current) => (current?.start === next?.start && current?.query === next?.query ? current : next));
    if (next?.query !== query?.query) setActive(0);
  };

  const pick = (person: MentionPick) => {
    if (!query) return;
    const caret = box.current?.selectionStart ?? value.length;
    const inserted = `@${person.username} `;
    onChange(value.slice(0, query.start) + inserted + value.slice(caret));
    onPick(person);
    setQuery(null);
    const at = query.start + inserted.length;
    requestAnimationFrame(() => {
      box.current?.focus();
      box.current?.setSelectionRange(at, at);
    });
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open && !event.nativeEvent.isComposing) {
      const count = options.length;
      if (event.key === 'ArrowDown' && count > 0) {
        event.preventDefault();
        setActive((i) => (i + 1) % count);
        return;
      }
      if (event.key === 'ArrowUp' && count > 0) {
        event.preventDefault();
        setActive((i) => (i - 1 + count) % count);
        return;
      }
      if ((event.key === 'Enter' || event.key === 'Tab') && count > 0 && !event.shiftKey) {
        event.preventDefault();
        pick(options[Math.min(active, count - 1)]!);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        setQuery(null);
        return;
      }
    }
    onKeyDown?.(event);
  };

  const activeId = open && options.length > 0 ? `${optionId}-${Math.min(active, options.length - 1)}` : undefined;
  return (
    // Not kept mounted while closed (Combobox's default): a mounted list is placed as it mounts, a layout
    // of the page in the task that draws the composer. Without a transition, so the list is gone the
    // moment a pick or Escape closes it, as it was while hidden.
    <Combobox store={combobox} keepMounted={false} transitionProps={{ duration: 0 }} position="bottom-start" width="target" onOptionSubmit={(id) => {
      const person = options.find((p) => p.id === id);
      if (person) pick(person);
    }}>
      <Combobox.Target withKeyboardNavigation={false} withAriaAttributes={false}>
        <Textarea
          {...props}
          ref={mergedRef}
          value={value}
          onChange={(event) => {
            onChange(event.currentTarget.value);
            track(event.currentTarget.value, event.currentTarget.selectionStart);
          }}
          onKeyDown={handleKeyDown}
          onKeyUp={(event) => {
            if (event.key === 'ArrowLeft' || event.key === 'ArrowRight' || event.key === 'Home' || event.key === 'End') track(event.currentTarget.value, event.currentTarget.selectionStart);
          }}
          onClick={(event) => track(event.currentTarget.value, event.currentTarget.selectionStart)}
          onBlur={(event) => {
            setQuery(null);
            onBlur?.(event);
          }}
          aria-autocomplete="list"
          aria-haspopup="listbox"
          aria-controls={open ? `${optionId}-list` : undefined}
          aria-activedescendant={activeId}
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        {/* Named by us: the list mounts as it opens, after the box has been drawn with its name. */}
        <Combobox.Options id={`${optionId}-list`} aria-label={t('mentions.list')}>
          {options.length === 0 ? (
            <Combobox.Empty>{t('mentions.none', { query: query?.query ?? '' })}</Combobox.Empty>
          ) : (
            options.map((person, i) => (
              <Combobox.Option
                key={person.id}
                value={person.id}
                id={`${optionId}-${i}`}
                selected={i === active}
                aria-selected={i === active}
                onMouseOver={() => setActive(i)}
              >
                <Group gap="xs" wrap="nowrap">
                  <UserAvatar username={person.username} avatarUrl={person.avatarUrl} radius="xl" size={24} />
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" truncate>
                      {person.fullName ?? person.username}
                    </Text>
                    <Text size="xs" c={i === active ? undefined : 'dimmed'} truncate dir="ltr" ta="start">
                      @{person.username}
                    </Text>
                  </div>
                </Group>
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
      <VisuallyHidden role="status" aria-live="polite">
        {open ? t('mentions.results', { count: options.length }) : ''}
      </VisuallyHidden>
    </Combobox>
  );
}
