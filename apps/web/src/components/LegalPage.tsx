import { Accordion, Anchor, Box, Container, Grid, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useScrollSpy } from '@mantine/hooks';
import { Trans, useTranslation } from 'react-i18next';
import { formatDate } from '../lib/format.ts';
import { Footer } from './Footer.tsx';
import { RouterAnchor } from './RouterLinks.tsx';
import { usePlanTerms } from './PricingPlans.tsx';

export type LegalDocumentKey = 'subscriptionTerms' | 'privacyPolicy' | 'termsOfUse' | 'refundPolicy';

/** A paragraph, or a bulleted list. */
type Block = string | string[];

interface LegalSection {
  id: string;
  heading: string;
  body: Block[];
}

interface LegalDocument {
  title: string;
  intro: string;
  sections: LegalSection[];
}

interface CatalogDocument {
  title: string;
  intro: string;
  sections: Record<string, { heading: string; body: Block[] }>;
}

/** Reads a legal document from the catalog; its prose quotes the plan's terms from PLAN. Section ids are the catalog keys. */
export function useLegalDocument(key: LegalDocumentKey): LegalDocument {
  const { t } = useTranslation();
  const terms = usePlanTerms();
  const doc = t(`legal.${key}`, { returnObjects: true, ...terms }) as unknown as CatalogDocument;
  return {
    title: doc.title,
    intro: doc.intro,
    sections: Object.entries(doc.sections).map(([id, section]) => ({ id, ...section })),
  };
}

interface LegalPageProps extends LegalDocument {
  /** ISO date (YYYY-MM-DD) the text last changed. */
  updated: string;
}

/** Layout shared by the legal pages: title, last-updated date, a table of contents and readable prose. */
export function LegalPage({ title, intro, sections, updated }: LegalPageProps) {
  const { t } = useTranslation();
  const date = formatDate(new Date(`${updated}T00:00:00Z`), 'longDay', { timeZone: 'UTC' });
  return (
    <>
      <title>{t('legal.documentTitle', { title })}</title>
      <Box bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="lg" py={{ base: 36, sm: 56 }}>
          <Title order={1} fz={{ base: 32, sm: 42 }} lh={1.15}>
            {title}
          </Title>
          <Text c="dimmed" mt="sm">
            {t('legal.lastUpdated', { date })}
          </Text>
        </Container>
      </Box>
      <Container size="lg" py={{ base: 'lg', sm: 48 }}>
        <Grid gap={{ base: 'lg', md: 56 }}>
          <Grid.Col span={{ base: 12, md: 3 }}>
            <TableOfContents sections={sections} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 9 }}>
            <Stack component="article" gap={36} maw="68ch">
              <Text fz="lg" lh={1.7}>
                {intro}
              </Text>
              {sections.map((section) => (
                <Box component="section" key={section.id} aria-labelledby={section.id}>
                  <Title order={2} id={section.id} fz={22} mb="sm" data-legal-heading style={{ scrollMarginTop: 84 }}>
                    {section.heading}
                  </Title>
                  <Stack gap="sm">
                    {section.body.map((block) =>
                      typeof block === 'string' ? (
                        <Text key={block} lh={1.75} c="dark.6">
                          {block}
                        </Text>
                      ) : (
                        <List key={block.join()} spacing={6} lh={1.7} c="dark.6" withPadding>
                          {block.map((item) => (
                            <List.Item key={item}>{item}</List.Item>
                          ))}
                        </List>
                      ),
                    )}
                  </Stack>
                </Box>
              ))}
              <Paper withBorder radius="md" p="lg" bg="brand.0" style={{ borderColor: 'var(--mantine-color-brand-1)' }}>
                <Text>
                  <Trans i18nKey="legal.questions" components={{ mail: <Anchor href="mailto:hello@commonroom.app" fw={600} /> }} />
                </Text>
              </Paper>
            </Stack>
          </Grid.Col>
        </Grid>
      </Container>
      <Footer />
    </>
  );
}

function TableOfContents({ sections }: { sections: LegalSection[] }) {
  const { t } = useTranslation();
  const spy = useScrollSpy({ selector: '[data-legal-heading]', offset: 100 });
  const links = (
    <Stack component="ul" gap={2} p={0} m={0} style={{ listStyle: 'none' }}>
      {sections.map((section, index) => {
        const active = spy.initialized && spy.active === index;
        return (
          <li key={section.id}>
            <RouterAnchor
              to="."
              hash={section.id}
              hashScrollIntoView={{ behavior: 'smooth', block: 'start' }}
              replace
              resetScroll={false}
              aria-current={active ? 'location' : undefined}
              display="block"
              size="sm"
              py={6}
              ps="sm"
              underline="never"
              c={active ? 'brand.7' : 'dimmed'}
              fw={active ? 600 : 400}
              style={{ borderInlineStart: `2px solid var(--mantine-color-${active ? 'brand-6' : 'gray-3'})` }}
            >
              {section.heading}
            </RouterAnchor>
          </li>
        );
      })}
    </Stack>
  );
  return (
    <>
      <Box component="nav" aria-label={t('legal.onThisPage')} visibleFrom="md" pos="sticky" top={84}>
        <Text fw={700} size="xs" tt="uppercase" c="dimmed" mb="sm" style={{ letterSpacing: '0.06em' }}>
          {t('legal.onThisPage')}
        </Text>
        {links}
      </Box>
      <Paper withBorder radius="md" hiddenFrom="md">
        <Accordion>
          <Accordion.Item value="toc" style={{ borderBottom: 0 }}>
            <Accordion.Control>
              <Text fw={600}>{t('legal.onThisPage')}</Text>
            </Accordion.Control>
            <Accordion.Panel>
              <Box component="nav" aria-label={t('legal.onThisPage')}>
                {links}
              </Box>
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
      </Paper>
    </>
  );
}
