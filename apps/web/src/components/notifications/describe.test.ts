import { NOTIFICATION_KINDS } from '@app/shared/plain/notifications';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/en/notifications.json';
import { SENTENCES, sentenceOf, targetOf } from './describe.ts';

const text = en.notifications.text as Record<string, string>;
const none = { post: null, comment: null, event: null, course: null, module: null };
const community = { id: 'c', name: 'Makers', logoUrl: null };

describe('a notification told', () => {
  it('has a sentence for every kind, and plural forms for every kind that groups', () => {
    for (const kind of NOTIFICATION_KINDS) {
      const { key, groups } = SENTENCES[kind];
      expect(text[key], kind).toBeTruthy();
      if (groups) expect([text[`${key}Group_one`], text[`${key}Group_other`]], kind).not.toContain(undefined);
    }
  });

  it('names the others of a group by how many there are', () => {
    expect(sentenceOf({ kind: 'post.liked', actorCount: 1 })).toEqual({ key: 'notifications.text.postLiked', count: null });
    expect(sentenceOf({ kind: 'post.liked', actorCount: 4 })).toEqual({ key: 'notifications.text.postLikedGroup', count: 3 });
    expect(sentenceOf({ kind: 'partner.member', actorCount: 3 })).toEqual({ key: 'notifications.text.partnerMemberGroup', count: 3 });
    expect(sentenceOf({ kind: 'mention', actorCount: 2 })).toEqual({ key: 'notifications.text.mention', count: null });
  });

  it('leads to the exact post and comment, event, course module, requests tab or dashboard', () => {
    expect(targetOf({ ...none, kind: 'comment.replied', community, post: { id: 'p', excerpt: '' }, comment: { id: 'm', excerpt: '' } })).toMatchObject({
      to: '/community/$communityName',
      params: { communityName: 'Makers' },
      search: { post: 'p', comment: 'm' },
    });
    expect(targetOf({ ...none, kind: 'event.starting', community, event: { id: 'e', title: 'Call', startsAt: new Date() } })).toMatchObject({ search: { event: 'e' } });
    expect(targetOf({ ...none, kind: 'module.published', community, course: { id: 'k', title: 'C' }, module: { id: 'u', title: 'M' } })).toMatchObject({
      to: '/course/$courseId',
      params: { courseId: 'k' },
      search: { module: 'u' },
    });
    expect(targetOf({ ...none, kind: 'join.requested', community })).toMatchObject({ search: { tab: 'invites' } });
    expect(targetOf({ ...none, kind: 'partner.payout', community: null })).toMatchObject({ to: '/partner/dashboard' });
  });
});
