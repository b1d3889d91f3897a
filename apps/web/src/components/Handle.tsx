/**
 * A username as '@name'. Usernames are Latin letters, digits and '_': kept left to right as one piece,
 * so right-to-left text does not move the '@' to the other end.
 */
export function Handle({ username }: { username: string }) {
  return <bdi dir="ltr">@{username}</bdi>;
}

/**
 * For a cut-off line holding only a handle: written left to right, so a long one loses its end rather
 * than its '@', yet aligned like the text around it (right, in Arabic).
 */
export const HANDLE_LINE = { dir: 'ltr', style: { textAlign: 'match-parent' } } as const;
