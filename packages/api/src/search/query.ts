import { sql, type SQL } from 'drizzle-orm';

/**
 * The text-search query of a search's words (already letters and digits only, normalised by
 * `searchWords`, so no operator of the user's reaches `to_tsquery`): every word must match, each as
 * a prefix (search as one types) once it has two characters, through the 'english' stems or the
 * 'simple' words, as `search_vector` indexed them. Normalised again by `search_normalize`, the one
 * folding documents went through.
 */
export function textQuery(words: readonly string[]): SQL {
  const text = words.map((word) => (word.length >= 2 ? `${word}:*` : word)).join(' & ');
  // Where the stems are the words themselves (Arabic, most names), one branch: the index is walked once.
  return sql`(select case when english::text = simple::text then simple else english || simple end
    from (select to_tsquery('english'::regconfig, search_normalize(${text})) as english, to_tsquery('simple'::regconfig, search_normalize(${text})) as simple) as branches)`;
}

/**
 * The terms a result's words are highlighted by: the words and their English stems ('running' also
 * marks 'runs'), as the web marks a word starting with one of them.
 */
export const termsQuery = (words: readonly string[]) => sql`
  select coalesce(array_agg(distinct term), '{}') as terms
  from regexp_split_to_table(${words.join(' ')}, ' ') as word,
       unnest(array[word] || coalesce(ts_lexize('english_stem', word), '{}')) as term
  where term <> ''`;

const MENTION = /@\[[0-9a-fA-F-]{36}\]/g;
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ' };

/**
 * A document's readable text for an excerpt: rich text's tags and common entities undone, mention
 * tokens left out. The web renders it as text, never as HTML.
 */
export function plainText(text: string): string {
  return text
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity]!)
    .replace(MENTION, '');
}
