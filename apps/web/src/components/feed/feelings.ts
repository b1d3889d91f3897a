import { FEELINGS } from '@app/shared/constants';
import type { Feeling } from '@app/shared/plain/posts';
import type { TFunction } from 'i18next';

export { FEELINGS };
export type { Feeling };

/** '😊 feeling Happy', the prefix a post's feeling puts before its text (spec section 3). */
export function feelingPrefix(t: TFunction, value: string | null | undefined): string | null {
  const feeling = FEELINGS.find((f) => f.value === value);
  return feeling ? t('feed.feelingPrefix', { emoji: feeling.emoji, label: t(`feed.feelings.${feeling.value}`) }) : null;
}
