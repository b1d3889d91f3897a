import { highlightParts } from '@app/shared/plain/search';

/**
 * `text` with the words matching `terms` marked. Text nodes and <mark> elements only: what members
 * wrote is never read as HTML.
 */
export function Highlighted({ text, terms }: { text: string; terms: readonly string[] }) {
  return (
    <>
      {highlightParts(text, terms).map((part, index) =>
        part.match ? (
          <mark key={index} style={{ backgroundColor: 'var(--mantine-color-yellow-2)', color: 'inherit', borderRadius: 2 }}>
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}
