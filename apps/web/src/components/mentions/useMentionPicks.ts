import { toStored, toTyped, type MentionedPerson } from '@app/shared/plain/mentions';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type MentionPick = Pick<MentionedPerson, 'id' | 'username' | 'fullName'>;

/**
 * The people picked in one text box: the box holds `@username` for each, the stored text their
 * tokens (toStored). Editing a stored text starts from its mentions (toTyped).
 */
export function useMentionPicks(initial?: { text: string; mentions: readonly MentionedPerson[] }) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<MentionPick[]>(() => initial?.mentions.filter((p) => p.member) ?? []);
  const [initialText] = useState(() => (initial ? toTyped(initial.text, initial.mentions, t('mentions.unknown')) : ''));
  const pick = useCallback((person: MentionPick) => setPicked((list) => [...list.filter((p) => p.id !== person.id), person]), []);
  const stored = useCallback((typed: string) => toStored(typed, picked), [picked]);
  const reset = useCallback(() => setPicked([]), []);
  return { initialText, picked, pick, stored, reset };
}

export type MentionPicks = ReturnType<typeof useMentionPicks>;
