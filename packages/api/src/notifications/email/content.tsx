/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Button, Heading, Link, Section, Text } from '@react-email/components';
import type { Language } from '@app/shared/language';
import type { EmailContent } from './model.ts';
import { formatDay, formatWhen, type EmailStrings } from './strings.ts';

const heading = { fontSize: '20px', margin: '0 0 12px' };
const text = { fontSize: '15px', lineHeight: '22px', color: '#111827' };
const button = { backgroundColor: '#1c7ed6', color: '#ffffff', borderRadius: '6px', padding: '10px 18px', fontSize: '15px', textDecoration: 'none' };

/** The subject line of an e-mail. */
export function subjectOf(content: EmailContent, strings: EmailStrings, community: string): string {
  switch (content.kind) {
    case 'activity':
      return strings.activitySubject(content.items.reduce((n, item) => n + (item.type === 'messages' ? item.count : 1), 0));
    case 'digest':
      return strings.digestSubject(content.period);
    case 'reminder':
      return strings.reminderSubject(content.event);
    case 'decision':
      return content.approved ? strings.approvedSubject(community) : strings.declinedSubject(community);
    case 'welcome':
      return strings.welcomeSubject(community);
    case 'export':
      return strings.exportSubject;
    case 'invite':
      return strings.inviteSubject(content.inviter, community);
  }
}

/** What an e-mail says between its header and its footer. */
export function Content({ content, strings, language, community, publicUrl }: { content: EmailContent; strings: EmailStrings; language: Language; community: string; publicUrl: string }) {
  switch (content.kind) {
    case 'invite':
      return (
        <Section>
          <Heading as="h1" style={heading}>{strings.inviteSubject(content.inviter, community)}</Heading>
          <Text style={text}>{strings.inviteBody(content.inviter, community)}</Text>
          <Button href={`${publicUrl}${content.path}`} style={button}>{strings.acceptInvite}</Button>
          <Text style={{ ...text, color: '#6b7280', fontSize: '13px' }}>{`${publicUrl}${content.path}`}</Text>
        </Section>
      );
    case 'activity':
      return (
        <Section>
          <Heading as="h1" style={heading}>{strings.activityHeading}</Heading>
          {content.items.map((item, i) => (
            <Text key={i} style={text}>
              {strings.item(item)} · <Link href={item.link}>{strings.open}</Link>
            </Text>
          ))}
        </Section>
      );
    case 'digest':
      return (
        <Section>
          <Heading as="h1" style={heading}>{strings.digestHeading(content.period)}</Heading>
          {content.posts.map((post, i) => (
            <Section key={i} style={{ margin: '0 0 12px' }}>
              <Link href={post.link} style={{ fontSize: '16px', fontWeight: 'bold' }}>{post.title}</Link>
              <Text style={{ ...text, color: '#6b7280', margin: '2px 0 0' }}>{strings.digestLine(post.likes, post.comments, post.author, post.community)}</Text>
            </Section>
          ))}
        </Section>
      );
    case 'reminder':
      return (
        <Section>
          <Heading as="h1" style={heading}>{content.event}</Heading>
          <Text style={text}>{strings.reminderBody(content.event, formatWhen(content.startsAt, language), community)}</Text>
          <Button href={content.link} style={button}>{strings.viewEvent}</Button>
        </Section>
      );
    case 'export':
      return (
        <Section>
          <Heading as="h1" style={heading}>{strings.exportSubject}</Heading>
          <Text style={text}>{strings.exportBody(formatDay(content.expiresAt, language))}</Text>
          <Button href={content.link} style={button}>{strings.download}</Button>
        </Section>
      );
    case 'decision':
    case 'welcome': {
      const words = content.kind === 'welcome' ? strings.welcomeBody(community) : content.approved ? strings.approvedBody(community) : strings.declinedBody(community);
      return (
        <Section>
          <Text style={text}>{words}</Text>
          {content.kind === 'decision' && !content.approved ? null : <Button href={content.link} style={button}>{strings.visit}</Button>}
        </Section>
      );
    }
  }
}
