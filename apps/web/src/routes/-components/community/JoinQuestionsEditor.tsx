import { Stack, Text, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { JOIN_QUESTION_MAX_LENGTH, JOIN_QUESTIONS_MAX } from '@app/shared/plain/communities';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../lib/format.ts';

interface JoinQuestionsEditorProps {
  /** The form's props for question `i` (value, onChange, error). */
  inputProps: (i: number) => GetInputPropsReturnType;
}

/** Up to three questions asked of people requesting to join the private community; a blank one is not asked. */
export function JoinQuestionsEditor({ inputProps }: JoinQuestionsEditorProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" component="fieldset" m={0} p={0} style={{ border: 0 }}>
      <Text component="legend" fw={600} size="sm">
        {t('invitations.questionsEditor')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('invitations.questionsEditorHint', { max: JOIN_QUESTIONS_MAX })}
      </Text>
      {Array.from({ length: JOIN_QUESTIONS_MAX }, (_, i) => (
        <TextInput key={i} label={t('invitations.questionLabel', { n: formatCount(i + 1) })} maxLength={JOIN_QUESTION_MAX_LENGTH} {...inputProps(i)} />
      ))}
    </Stack>
  );
}
