import { Text, Title } from '@mantine/core';

/** A settings section's heading and the line under it that says what the section is for. */
export function SectionHeading({ title, description }: { title: string; description: string }) {
  return (
    <div>
      <Title order={2} size="h3">
        {title}
      </Title>
      <Text c="dimmed" size="sm">
        {description}
      </Text>
    </div>
  );
}
