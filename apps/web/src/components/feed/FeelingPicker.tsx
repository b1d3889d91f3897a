import { Button, CloseButton, Group, Menu, SimpleGrid, Text } from '@mantine/core';
import { IconCheck, IconMoodSmile } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FEELINGS, feelingPrefix, type Feeling } from './feelings.ts';

interface FeelingPickerProps {
  value: Feeling | null;
  onChange: (value: Feeling | null) => void;
  disabled?: boolean;
}

/** The 17 feelings in a menu; the chosen one shows as its prefix ('😊 feeling Happy') and can be removed. */
export function FeelingPicker({ value, onChange, disabled = false }: FeelingPickerProps) {
  const { t } = useTranslation();
  const prefix = feelingPrefix(t, value);
  return (
    <Group gap={2} wrap="nowrap">
      <Menu position="bottom-start" shadow="md" radius="md" width={320} disabled={disabled}>
        <Menu.Target>
          <Button
            variant={value ? 'light' : 'subtle'}
            color={value ? 'yellow' : 'gray'}
            size="compact-md"
            fw={500}
            leftSection={value ? undefined : <IconMoodSmile size={18} />}
            disabled={disabled}
            aria-label={prefix ? `${t('feed.feeling.button')}: ${prefix}` : t('feed.feeling.button')}
          >
            {prefix ?? t('feed.feeling.button')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown aria-label={t('feed.feeling.menu')}>
          <Menu.Label>{t('feed.feeling.menu')}</Menu.Label>
          <SimpleGrid cols={2} spacing={2} verticalSpacing={2}>
            {FEELINGS.map((feeling) => {
              const selected = feeling.value === value;
              return (
                <Menu.Item
                  key={feeling.value}
                  onClick={() => onChange(feeling.value)}
                  leftSection={
                    <Text span fz="lg" lh={1} aria-hidden="true">
                      {feeling.emoji}
                    </Text>
                  }
                  rightSection={selected ? <IconCheck size={14} aria-hidden="true" /> : null}
                  aria-current={selected || undefined}
                  bg={selected ? 'yellow.0' : undefined}
                >
                  {t(`feed.feelings.${feeling.value}`)}
                </Menu.Item>
              );
            })}
          </SimpleGrid>
        </Menu.Dropdown>
      </Menu>
      {value && <CloseButton size="sm" onClick={() => onChange(null)} disabled={disabled} aria-label={t('feed.feeling.clear')} />}
    </Group>
  );
}
