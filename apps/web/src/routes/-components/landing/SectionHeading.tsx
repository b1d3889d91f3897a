import { Stack, Text, Title } from '@mantine/core';

interface SectionHeadingProps {
  eyebrow?: string;
  title: string;
  subtitle: string;
  /** Heading level: 1 when the section heads its own page. */
  order?: 1 | 2;
  /** Id of the title, for the section's aria-labelledby. */
  titleId?: string;
}

/** A centred section heading used across the marketing pages. */
export function SectionHeading({ eyebrow, title, subtitle, order = 2, titleId }: SectionHeadingProps) {
  return (
    <Stack gap="sm" align="center" ta="center" maw={680} mx="auto">
      {eyebrow && (
        <Text c="brand.7" fw={700} size="sm" tt="uppercase" style={{ letterSpacing: '0.08em' }}>
          {eyebrow}
        </Text>
      )}
      <Title
        order={order}
        id={titleId}
        fz={order === 1 ? { base: 34, sm: 46 } : { base: 28, sm: 36 }}
        lh={1.15}
        style={{ letterSpacing: '-0.01em' }}
      >
        {title}
      </Title>
      <Text c="dark.4" fz={{ base: 'md', sm: 'lg' }} lh={1.6}>
        {subtitle}
      </Text>
    </Stack>
  );
}
