import { Text, type TextProps } from '@mantine/core';
import { isErasedUsername } from '@app/shared/plain/deletion';
import i18n from 'i18next';
import { RouterAnchor } from './RouterLinks.tsx';

interface Person {
  username: string;
  fullName: string | null;
}

/**
 * The name a person is shown by: their full name, else their username; an erased account's
 * tombstone is 'Deleted member' (its posts and comments stay after 'Delete my account').
 */
export const displayName = (person: Person): string => (isErasedUsername(person.username) ? i18n.t('people.deletedMember') : (person.fullName ?? person.username));

/** A person's name as a link to their profile; an erased account's has no profile, so it is plain text. */
export function PersonLink({ person, ...props }: { person: Person } & Pick<TextProps, 'size' | 'fw' | 'c' | 'truncate'>) {
  if (isErasedUsername(person.username)) {
    return (
      <Text component="span" {...props} c="dimmed" fs="italic">
        {displayName(person)}
      </Text>
    );
  }
  return (
    <RouterAnchor to="/profile/$username" params={{ username: person.username }} {...props}>
      {displayName(person)}
    </RouterAnchor>
  );
}
