/** What grouping needs of a comment: its id, the thread it names (a top comment), and whether it is deleted. */
interface Threadable {
  id: string;
  replyTo: { id: string } | null;
  deleted: boolean;
}

export interface Thread<C extends Threadable> {
  /** The top comment's id. */
  id: string;
  top: C;
  /** Oldest first. */
  replies: C[];
}

/**
 * A post's comments (oldest first) as threads one level deep: each top comment with its replies. A
 * reply stored before threads may name another reply; it joins that reply's top comment. A reply
 * whose top comment is not in the list stands as a top comment; a deleted top comment without
 * replies (left behind for a moment in a cache) is not shown.
 */
export function threadsOf<C extends Threadable>(comments: readonly C[]): Thread<C>[] {
  const byId = new Map(comments.map((comment) => [comment.id, comment]));
  const topOf = (comment: C) => {
    let current = comment;
    const seen = new Set<string>();
    while (current.replyTo && !seen.has(current.id)) {
      seen.add(current.id);
      const parent = byId.get(current.replyTo.id);
      if (!parent) break;
      current = parent;
    }
    return current;
  };
  const threads = new Map<string, Thread<C>>();
  const tops = comments.map((comment) => [comment, topOf(comment)] as const);
  for (const [comment, top] of tops) if (top === comment) threads.set(comment.id, { id: comment.id, top: comment, replies: [] });
  for (const [comment, top] of tops) if (top !== comment) threads.get(top.id)?.replies.push(comment);
  return [...threads.values()].filter((thread) => !thread.top.deleted || thread.replies.length > 0);
}
