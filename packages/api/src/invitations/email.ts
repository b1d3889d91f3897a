import { communityBans, communityInvites, communityMembers, profiles } from '@app/db/schema';
import { emailInvitesInput, EMAIL_INVITE_DAYS, INVITE_MESSAGES, invitePath } from '@app/shared/invitations';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { AppError } from '../core/errors.ts';
import { communityAdminProcedure } from '../core/trpc.ts';
import { loadCommunity } from '../membership/service.ts';
import { enqueueEmails } from '../notifications/email/jobs.ts';
import type { EmailJob } from '../notifications/email/model.ts';
import { displayName, languageOf } from '../notifications/email/recipients.ts';
import { createInvite, invitesChanged, inviteWorks } from './service.ts';

/** Why an address was not sent an invitation. */
export type SkippedReason = 'member' | 'banned' | 'invited';

const DAY_MS = 86_400_000;

/**
 * The owner or an admin invites up to 20 e-mail addresses at once (10 such calls an hour): each
 * gets an invite of its own (one use, 30 days) and an e-mail with its link, through the mailer's
 * queue in the same transaction. Skipped, and said so: an address whose person is already a member,
 * was banned by the community, or holds a working invite already (revoke it to send a new one).
 * Written in the recipient's interface language when they have an account, else the inviter's.
 */
export const email = communityAdminProcedure
  .meta({ rateLimit: 'invitations:email' })
  .input(emailInvitesInput)
  .mutation(({ ctx, input }) =>
    ctx.db.transaction(async (tx) => {
      const community = await loadCommunity(tx, ctx.community.id, { lock: true });
      if (community.isForum) throw new AppError('FORBIDDEN', INVITE_MESSAGES.forum);
      const addresses = input.emails;
      const lower = sql`lower(${profiles.email})`;
      const [people, invited, [inviter]] = await Promise.all([
        tx
          .select({
            email: sql<string>`${lower}`,
            language: profiles.interfaceLanguage,
            status: communityMembers.status,
            banned: sql<boolean>`exists (select 1 from ${communityBans} b where b.community_id = ${community.id} and b.user_id = ${profiles.id})`,
            id: profiles.id,
          })
          .from(profiles)
          .leftJoin(communityMembers, and(eq(communityMembers.userId, profiles.id), eq(communityMembers.communityId, community.id)))
          .where(inArray(lower, addresses)),
        tx
          .select({ email: communityInvites.email })
          .from(communityInvites)
          .where(and(eq(communityInvites.communityId, community.id), isNotNull(communityInvites.email), inArray(communityInvites.email, addresses), inviteWorks)),
        tx.select({ fullName: profiles.fullName, username: profiles.username, language: profiles.interfaceLanguage }).from(profiles).where(eq(profiles.id, ctx.user.id)),
      ]);
      const byEmail = new Map(people.map((p) => [p.email, p]));
      const alreadyInvited = new Set(invited.map((i) => i.email));
      const skipped: Array<{ email: string; reason: SkippedReason }> = [];
      const jobs: EmailJob[] = [];
      // The sender makes the logo's address absolute (it knows PUBLIC_URL).
      const header = { name: community.name, logoUrl: community.logoUrl };
      for (const address of addresses) {
        const person = byEmail.get(address);
        const isMember = person?.status === 'approved' || person?.id === community.ownerId;
        const reason: SkippedReason | null = isMember ? 'member' : person?.banned ? 'banned' : alreadyInvited.has(address) ? 'invited' : null;
        if (reason) {
          skipped.push({ email: address, reason });
          continue;
        }
        const invite = await createInvite(tx, {
          communityId: community.id,
          createdBy: ctx.user.id,
          email: address,
          maxUses: 1,
          expiresAt: new Date(Date.now() + EMAIL_INVITE_DAYS * DAY_MS),
        });
        jobs.push({
          userId: null,
          to: address,
          language: languageOf(person?.language ?? inviter?.language ?? null),
          community: header,
          content: { kind: 'invite', inviter: inviter ? displayName(inviter) : '', path: invitePath(invite.token) },
          unsubscribe: null,
        });
      }
      if (jobs.length > 0) {
        await enqueueEmails(tx, jobs);
        await invitesChanged(tx, community.id);
      }
      return { sent: jobs.map((j) => j.to), skipped };
    }),
  );
