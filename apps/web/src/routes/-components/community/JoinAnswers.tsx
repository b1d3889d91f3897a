import { Paper, Text } from '@mantine/core';
import type { JoinAnswer } from '@app/shared/plain/communities';
import { useTranslation } from 'react-i18next';

/**
 * A join request's answers to the community's questions, under the applicant's row (moderators
 * only receive them). People's own words keep their own direction (dir="auto"), whatever the interface's.
 */
export function JoinAnswers({ answers, name }: { answers: JoinAnswer[]; name: string }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-default-hover)">
      <dl style={{ margin: 0 }} aria-label={t('invitations.answersOf', { name })}>
        {answers.map(({ question, answer }, i) => (
          <div key={i} style={{ marginBlockEnd: i < answers.length - 1 ? 'var(--mantine-spacing-xs)' : 0 }}>
            <Text component="dt" size="xs" c="dimmed" fw={600} dir="auto" ta="start">
              {question}
            </Text>
            <Text component="dd" size="sm" m={0} dir="auto" ta="start" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {answer}
            </Text>
          </div>
        ))}
      </dl>
    </Paper>
  );
}
