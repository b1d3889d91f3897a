import { expect, it } from 'vitest';
import {
  callTrpc,
  commentsButton,
  communityUrl,
  describeBrowser,
  expectNoSeriousA11yViolations,
  feedClub,
  inArabic,
  markPage,
  openCommunity,
  postWith,
  shot,
  stillSamePage,
  text,
  usePeople,
  VIEWPORTS,
} from './support/index.ts';

/** Issue 24: a reply thread with an edited and a deleted comment, live on another member's open page. */
describeBrowser('comment threads', () => {
  const { communityWith } = usePeople();

  it('threads replies one level deep, collapses them after three, and shows edits and deletions live, in English and Arabic', async () => {
    const { community, members: [ana, ben] } = await feedClub(communityWith, 'Tess Owner', ['ana-thr', 'Ana Host'], ['ben-thr', 'Ben Guest']);
    const post = await callTrpc<{ id: string }>(ana.page, 'posts.create', { communityId: community.id, content: 'Picnic on Sunday' });
    const top = await callTrpc<{ comment: { id: string } }>(ben.page, 'posts.addComment', { postId: post.id, content: 'Who brings bread?' });
    for (const reply of ['I do', 'Rye or wheat?', 'Both!', 'And butter']) {
      await callTrpc(ana.page, 'posts.addComment', { postId: post.id, content: reply, replyToId: top.comment.id });
    }
    const plain = await callTrpc<{ comment: { id: string } }>(ana.page, 'posts.addComment', { postId: post.id, content: 'Bring a blanket' });

    await openCommunity(ana.page, community.name, { live: true });
    await openCommunity(ben.page, community.name, { live: true });
    await markPage(ana.page);
    const anaPost = postWith(ana.page, 'Picnic on Sunday');
    const benPost = postWith(ben.page, 'Picnic on Sunday');
    expect(await commentsButton(benPost).innerText()).toBe('6 comments');
    await commentsButton(anaPost).click();
    await commentsButton(benPost).click();

    // The thread shows its first three replies, then the rest behind a button.
    const benThread = benPost.getByRole('list', { name: 'Replies to Ben Guest' });
    await expect.poll(() => benThread.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringContaining('I do'),
      expect.stringContaining('Rye or wheat?'),
      expect.stringContaining('Both!'),
    ]);
    await benPost.getByRole('button', { name: 'Show 1 more reply' }).waitFor();

    // Ben answers a reply: the box opens in the thread with '@Ana', and his reply joins the same thread.
    await benThread.getByRole('listitem').filter({ hasText: 'Rye or wheat?' }).getByRole('button', { name: 'Reply to Ana Host' }).click();
    await benPost.getByText('Replying to @Ana Host').waitFor();
    const box = benPost.getByRole('textbox', { name: 'Write a comment' });
    await expect.poll(() => box.inputValue()).toBe(`@${ana.username} `);
    await box.pressSequentially('wheat, please');
    await benPost.getByRole('button', { name: 'Comment', exact: true }).click();
    // His own reply shows at once, the thread opened in full.
    await expect.poll(() => benThread.getByRole('listitem').count()).toBe(5);
    await benThread.getByRole('listitem', { name: 'Ben Guest' }).getByRole('link', { name: '@Ana Host' }).waitFor();

    // Ana's open page: the reply arrived live, behind 'Show 2 more replies'.
    const anaThread = anaPost.getByRole('list', { name: 'Replies to Ben Guest' });
    await expect.poll(() => commentsButton(anaPost).innerText()).toBe('7 comments');
    await anaPost.getByRole('button', { name: 'Show 2 more replies' }).click();
    await expect.poll(() => anaThread.getByRole('listitem').count()).toBe(5);

    // Ben edits his reply: 'edited' and the new text reach Ana.
    const benReply = benThread.getByRole('listitem', { name: 'Ben Guest' });
    await benReply.getByRole('button', { name: 'Edit comment' }).click();
    const editor = benPost.getByRole('textbox', { name: 'Edit your comment' });
    await expect.poll(() => editor.inputValue()).toBe(`@${ana.username} wheat, please`);
    await editor.fill(`@${ana.username} wheat, or rye if there is no wheat`);
    await benPost.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => editor.count()).toBe(0);
    const anaSeesReply = anaThread.getByRole('listitem', { name: 'Ben Guest' });
    await expect.poll(() => anaSeesReply.innerText()).toContain('rye if there is no wheat');
    expect(await anaSeesReply.innerText()).toContain('edited');
    // Only its author may edit a comment; the others get no pencil.
    expect(await benThread.getByRole('listitem', { name: 'Ana Host' }).first().getByRole('button', { name: 'Edit comment' }).count()).toBe(0);
    expect(await anaThread.getByRole('listitem', { name: 'Ben Guest' }).getByRole('button', { name: 'Edit comment' }).count()).toBe(0);

    // Ben deletes his top comment: it stays as 'Comment deleted', holding its replies; the count leaves it out.
    const anaComments = anaPost.getByRole('list', { name: 'Comments' });
    await benPost.getByRole('listitem', { name: 'Ben Guest' }).filter({ hasText: 'Who brings bread?' }).getByRole('button', { name: 'Delete comment' }).first().click();
    await anaComments.getByRole('listitem', { name: 'Comment deleted' }).waitFor();
    expect(await anaComments.getByText('Who brings bread?').count()).toBe(0);
    expect(await anaPost.getByRole('list', { name: 'Replies to a deleted comment' }).getByRole('listitem').count()).toBe(5);
    await expect.poll(() => commentsButton(anaPost).innerText()).toBe('6 comments');
    await expect.poll(() => commentsButton(benPost).innerText()).toBe('6 comments');

    // Ana deletes her comment without replies: it is gone from Ben's page.
    await anaComments.getByRole('listitem', { name: 'Ana Host' }).filter({ hasText: 'Bring a blanket' }).getByRole('button', { name: 'Delete comment' }).click();
    await expect.poll(() => benPost.getByText('Bring a blanket').count()).toBe(0);
    await expect.poll(() => commentsButton(benPost).innerText()).toBe('5 comments');
    expect(plain.comment.id).toBeTruthy();
    expect(await stillSamePage(ana.page)).toBe(true);

    await expectNoSeriousA11yViolations(ana.page, 'a comment thread with an edited and a deleted comment');
    await shot(ana.page, 'threads-en-desktop');
    await ana.page.setViewportSize(VIEWPORTS.phone);
    await shot(ana.page, 'threads-en-phone');

    // In Arabic, right to left: the same thread in Ana's words.
    await inArabic(ana.page);
    await ana.page.setViewportSize(VIEWPORTS.desktop);
    await ana.page.goto(communityUrl(community.name));
    const arPost = ana.page.getByRole('feed', { name: text('ar', 'feed.list') }).getByRole('article').filter({ hasText: 'Picnic on Sunday' });
    await arPost.getByRole('button', { name: /٥|5/ }).first().click();
    const arComments = arPost.getByRole('list', { name: text('ar', 'feed.comments.list') });
    await arComments.getByRole('listitem', { name: text('ar', 'threads.deleted') }).waitFor();
    await arPost.getByRole('button', { name: 'عرض ردّين آخرين' }).click();
    await arComments.getByText(text('ar', 'threads.edited'), { exact: false }).waitFor();
    await expectNoSeriousA11yViolations(ana.page, 'a comment thread (ar)');
    await shot(ana.page, 'threads-ar-desktop');
    await ana.page.setViewportSize(VIEWPORTS.phone);
    await shot(ana.page, 'threads-ar-phone');
  });
});
