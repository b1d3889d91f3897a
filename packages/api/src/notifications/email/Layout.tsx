/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Body, Container, Head, Hr, Html, Img, Link, Preview, Section, Text } from '@react-email/components';
import type { Language } from '@app/shared/language';
import type { ReactNode } from 'react';
import type { EmailStrings } from './strings.ts';

export interface LayoutProps {
  language: Language;
  strings: EmailStrings;
  /** Shown in the header: the community's name (and logo), or the platform's. */
  from: { name: string; logoUrl: string | null };
  preview: string;
  /** null: an e-mail under no switch (an invitation to an address that may have no account). */
  unsubscribeUrl: string | null;
  settingsUrl: string;
  children: ReactNode;
}

const body = { backgroundColor: '#f4f5f7', fontFamily: 'Arial, Helvetica, sans-serif', margin: 0, padding: '24px 0' };
const card = { backgroundColor: '#ffffff', borderRadius: '8px', padding: '24px', maxWidth: '560px' };
const small = { color: '#6b7280', fontSize: '12px', lineHeight: '18px' };

/** The frame of every e-mail: the sender's name and logo, the content, and the unsubscribe footer. */
export function Layout({ language, strings, from, preview, unsubscribeUrl, settingsUrl, children }: LayoutProps) {
  const align = strings.dir === 'rtl' ? 'right' : 'left';
  return (
    <Html lang={language} dir={strings.dir}>
      <Head />
      <Preview>{preview}</Preview>
      <Body style={body}>
        <Container style={{ ...card, direction: strings.dir, textAlign: align }}>
          <Section>
            {from.logoUrl ? <Img src={from.logoUrl} alt="" width="40" height="40" style={{ borderRadius: '8px', display: 'inline-block' }} /> : null}
            <Text style={{ fontSize: '18px', fontWeight: 'bold', margin: '8px 0 16px' }}>{from.name}</Text>
          </Section>
          {children}
          <Hr style={{ borderColor: '#e5e7eb', margin: '24px 0 12px' }} />
          {unsubscribeUrl === null ? (
            <Text style={small}>{strings.inviteFooter}</Text>
          ) : (
            <>
              <Text style={small}>{strings.footer}</Text>
              <Text style={small}>
                <Link href={unsubscribeUrl}>{strings.unsubscribe}</Link>
                {' · '}
                <Link href={settingsUrl}>{strings.settings}</Link>
              </Text>
            </>
          )}
        </Container>
      </Body>
    </Html>
  );
}
